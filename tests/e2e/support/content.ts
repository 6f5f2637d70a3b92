import { expect, type APIRequestContext } from "@playwright/test";

// Articles and jobs written through the studio's API (docs/api.md, /api/content/…), for the specs that
// check what the public pages show after a change.

/** Headers a same-site browser would send with a staff session cookie. */
export type StaffHeaders = Record<string, string>;

export interface TestArticle {
  id: string;
  revision: number;
  slugs: { es: string; en: string };
  titles: { es: string; en: string };
}

/** A draft article in both languages, named after `suffix` so each run's is its own. */
export async function createArticle(
  api: APIRequestContext,
  headers: StaffHeaders,
  suffix: string,
): Promise<TestArticle> {
  const slugs = { es: `al-instante-${suffix}`, en: `at-once-${suffix}` };
  const titles = { es: `Al instante ${suffix}`, en: `At once ${suffix}` };
  const response = await api.post("/api/content/articles", {
    headers,
    data: {
      translations: {
        es: {
          title: titles.es,
          slug: slugs.es,
          excerpt: "Un artículo para comprobar la publicación.",
          body: "## Primera sección\n\nEl cuerpo en español.",
        },
        en: {
          title: titles.en,
          slug: slugs.en,
          excerpt: "An article that checks publishing.",
          body: "## First section\n\nThe body in English.",
        },
      },
    },
  });
  expect(response.status()).toBe(201);
  const { id, revision } = (await response.json()) as { id: string; revision: number };
  return { id, revision, slugs, titles };
}

/** Calls one of an article's or job's actions and returns its new revision. */
export async function contentAction(
  api: APIRequestContext,
  headers: StaffHeaders,
  path: string,
  data?: unknown,
): Promise<number> {
  const response = await api.post(path, { headers, ...(data !== undefined && { data }) });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { revision: number }).revision;
}

export interface TestJob {
  id: string;
  revision: number;
  titles: { es: string; en: string };
}

/** A draft job in both languages at /careers/{id}. */
export async function createJob(
  api: APIRequestContext,
  headers: StaffHeaders,
  suffix: string,
): Promise<TestJob> {
  const id = `puesto-${suffix}`;
  const titles = { es: `Puesto ${suffix}`, en: `Role ${suffix}` };
  const text = (title: string, summary: string, task: string) => ({
    title,
    team: "Producto",
    location: "Remote",
    type: "Full-Time",
    summary,
    sections: { tasks: [task] },
  });
  const response = await api.post("/api/content/jobs", {
    headers,
    data: {
      id,
      translations: {
        es: text(titles.es, "Un puesto para comprobar la publicación.", "Entrevistar a clientes."),
        en: text(titles.en, "A role that checks publishing.", "Interview clients."),
      },
    },
  });
  expect(response.status()).toBe(201);
  const { revision } = (await response.json()) as { revision: number };
  return { id, revision, titles };
}

/** The JobPosting blocks of a page's HTML. */
export function jobPostingsIn(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .filter((data) => data["@type"] === "JobPosting");
}
