import { crc32 } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as archive } from "@/app/api/content/articles/[id]/archive/route";
import { POST as publish } from "@/app/api/content/articles/[id]/publish/route";
import { POST as restore } from "@/app/api/content/articles/[id]/revisions/[rev]/restore/route";
import { GET as listRevisions } from "@/app/api/content/articles/[id]/revisions/route";
import {
  DELETE as deleteArticle,
  GET as getArticle,
  PATCH as patchArticle,
} from "@/app/api/content/articles/[id]/route";
import { GET as listArticles, POST as createArticle } from "@/app/api/content/articles/route";
import { POST as uploadImage } from "@/app/api/content/images/route";
import { GET as serveMedia } from "@/app/media/[file]/route";
import { renderArticleBody } from "@/lib/content/markdown";
import { findPublishedArticle, publishedArticles } from "@/lib/content/public-articles";
import { JOB_HANDLERS } from "@/lib/jobs/registry";
import { runDueJobs } from "@/lib/queue/worker";
import { multipartBody, pngOf } from "../../support/content";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookie } from "../../support/staff";

let manager: string;
let sales: string;

beforeAll(async () => {
  [manager, sales] = await Promise.all([
    staffCookie({ role: "manager", name: "Marta Editora" }),
    staffCookie({ role: "sales", name: "Sergio Ventas" }),
  ]);
});

const unique = () => Math.random().toString(36).slice(2, 8);
const translation = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Título ${slug}`,
  slug,
  excerpt: "Un resumen.",
  body: "## Primero\n\nUn párrafo.",
  ...extra,
});

async function create(translations: Record<string, unknown>, cookie = sales) {
  const result = await callRoute(createArticle, {
    method: "POST",
    path: "/api/content/articles",
    body: { translations },
    cookie,
  });
  expect(result.status, result.text).toBe(201);
  return result.json as { id: string; revision: number; status: string };
}

const patch = (id: string, body: unknown, cookie = sales) =>
  callRoute(patchArticle, {
    method: "PATCH",
    path: `/api/content/articles/${id}`,
    params: { id },
    body,
    cookie,
  });

const publishCall = (id: string, body: unknown = {}, cookie = manager) =>
  callRoute(publish, {
    method: "POST",
    path: `/api/content/articles/${id}/publish`,
    params: { id },
    body,
    cookie,
  });

describe("the articles that came from code", () => {
  it("are published records at the same addresses, in both languages, with their covers", async () => {
    for (const locale of ["es", "en"] as const) {
      const slugs = (await publishedArticles(locale)).map((article) => article.slug);
      expect(slugs).toEqual(
        expect.arrayContaining([
          "scaling-ai-beyond-the-pilot",
          "integrate-ai-without-disruption",
          "top-enterprise-ai-use-cases-2025",
        ]),
      );
    }
    const found = await findPublishedArticle("en", "scaling-ai-beyond-the-pilot");
    expect(found.kind).toBe("article");
    if (found.kind !== "article") return;
    expect(found.article.title).toBe("Scaling AI beyond the pilot");
    expect(found.article.publishedAt.toISOString().slice(0, 10)).toBe("2025-09-02");
    expect(renderArticleBody(found.article.body)).toContain("<h2>Why so many pilots stall</h2>");
    const cover = found.article.cover!.url.split("/").at(-1)!;
    const served = await callRoute(serveMedia as never, {
      path: `/media/${cover}`,
      params: { file: cover },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("cache-control")).toContain("immutable");
  });
});

describe("drafts, revisions and conflicts", () => {
  it("lets any staff member write a draft, and tells the second of two editors it changed", async () => {
    const slug = `borrador-${unique()}`;
    const draft = await create({ es: translation(slug) });
    expect(draft).toMatchObject({ status: "draft", revision: 1 });

    const first = await patch(draft.id, {
      revision: 1,
      translations: { es: { excerpt: "Primero" } },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json.revision).toBe(2);

    const second = await patch(draft.id, {
      revision: 1,
      translations: { es: { title: "Segundo" } },
    });
    expect(second.status).toBe(409);
    expect(second.json.error).toMatchObject({ code: "changed", fields: { revision: ["2"] } });
    // Nothing of the first edit was lost, and the stale one changed nothing.
    const current = await callRoute(getArticle, {
      path: `/api/content/articles/${draft.id}`,
      params: { id: draft.id },
      cookie: sales,
    });
    expect(current.json.translations.es).toMatchObject({
      excerpt: "Primero",
      title: `Título ${slug}`,
    });
  });

  it("refuses a slug another article uses (409) and slugs with /, .., spaces or reserved words (400)", async () => {
    const slug = `ocupado-${unique()}`;
    await create({ es: translation(slug) });
    const taken = await callRoute(createArticle, {
      method: "POST",
      path: "/api/content/articles",
      body: { translations: { es: translation(slug) } },
      cookie: sales,
    });
    expect(taken.status).toBe(409);
    for (const bad of ["a/b", "../etc", "con espacios", "rss", "new", "Mayusculas", "a..b"]) {
      const result = await callRoute(createArticle, {
        method: "POST",
        path: "/api/content/articles",
        body: { translations: { es: translation(bad) } },
        cookie: sales,
      });
      expect(result.status, bad).toBe(400);
      expect(Object.keys(result.json.error.fields ?? {}).join(), bad).toContain("slug");
    }
  });

  it("keeps every revision with who and when, and restores one as a new revision", async () => {
    const draft = await create({ es: translation(`revisiones-${unique()}`) });
    await patch(draft.id, {
      revision: 1,
      translations: { es: { body: "Otro texto." } },
      tags: ["IA"],
    });
    const revisions = await callRoute(listRevisions, {
      path: `/api/content/articles/${draft.id}/revisions`,
      params: { id: draft.id },
      cookie: sales,
    });
    expect(revisions.json.data.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
    expect(revisions.json.data[0].edited_by_name).toBe("Sergio Ventas");
    const restored = await callRoute(restore, {
      method: "POST",
      path: `/api/content/articles/${draft.id}/revisions/1/restore`,
      params: { id: draft.id, rev: "1" },
      cookie: sales,
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.revision).toBe(3);
    expect(restored.json.translations.es.body).toBe("## Primero\n\nUn párrafo.");
    expect(restored.json.tags).toEqual([]);
  });
});

describe("publishing", () => {
  it("is for managers and owners: a sales account may not publish, archive or delete", async () => {
    const draft = await create({ es: translation(`roles-${unique()}`) });
    expect((await publishCall(draft.id, {}, sales)).status).toBe(403);
    const archived = await callRoute(archive, {
      method: "POST",
      path: `/api/content/articles/${draft.id}/archive`,
      params: { id: draft.id },
      cookie: sales,
    });
    expect(archived.status).toBe(403);
    const deleted = await callRoute(deleteArticle, {
      method: "DELETE",
      path: `/api/content/articles/${draft.id}`,
      params: { id: draft.id },
      cookie: sales,
    });
    expect(deleted.status).toBe(403);
    expect(await testDb().article.count({ where: { id: draft.id } })).toBe(1);
  });

  it("refuses a listed language without a title or with an empty body, naming the field", async () => {
    const draft = await create({
      es: translation(`incompleto-${unique()}`),
      en: translation(`incomplete-${unique()}`, { title: "", body: "  " }),
    });
    const result = await publishCall(draft.id);
    expect(result.status).toBe(400);
    expect(Object.keys(result.json.error.fields)).toEqual([
      "translations.en.title",
      "translations.en.body",
    ]);
  });

  it("publishes now; lists it only in the language it is written in; keeps a changed slug as a permanent redirect", async () => {
    const slug = `solo-espanol-${unique()}`;
    const draft = await create({ es: translation(slug) });
    const published = await publishCall(draft.id);
    expect(published.status, published.text).toBe(200);
    expect(published.json.status).toBe("published");
    expect((await publishedArticles("es")).some((a) => a.slug === slug)).toBe(true);
    expect((await publishedArticles("en")).some((a) => a.id === draft.id)).toBe(false);

    const renamed = `${slug}-nuevo`;
    const moved = await patch(draft.id, {
      revision: published.json.revision,
      translations: { es: { slug: renamed } },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await findPublishedArticle("es", slug)).toEqual({ kind: "moved", slug: renamed });
    // The old address stays this article's: another may not take it.
    const other = await callRoute(createArticle, {
      method: "POST",
      path: "/api/content/articles",
      body: { translations: { es: translation(slug) } },
      cookie: sales,
    });
    expect(other.status).toBe(409);
  });

  it("publishes a time in the past now, refuses more than a year ahead, and a job publishes a scheduled one", async () => {
    const past = await create({ es: translation(`pasado-${unique()}`) });
    const now = await publishCall(past.id, { at: "2020-01-01T00:00:00Z" });
    expect(now.json.status).toBe("published");

    const far = await create({ es: translation(`lejano-${unique()}`) });
    const tooFar = await publishCall(far.id, {
      at: new Date(Date.now() + 400 * 86_400_000).toISOString(),
    });
    expect(tooFar.status).toBe(400);
    expect(tooFar.json.error.fields).toHaveProperty("at");

    const slug = `programado-${unique()}`;
    const scheduled = await create({ es: translation(slug) });
    const at = new Date(Date.now() + 60_000);
    const result = await publishCall(scheduled.id, { at: at.toISOString() });
    expect(result.json).toMatchObject({ status: "scheduled", scheduled_at: at.toISOString() });
    expect((await publishedArticles("es")).some((a) => a.slug === slug)).toBe(false);

    // Its time comes: the queue's job publishes it.
    await testDb().job.updateMany({
      where: {
        kind: "content.publish_article",
        payload: { path: ["articleId"], equals: scheduled.id },
      },
      data: { runAt: new Date(Date.now() - 1000) },
    });
    // Other files' jobs may be due in the shared database too: a round takes only a few, so run rounds
    // until this one has had its turn.
    let row = await testDb().article.findUniqueOrThrow({ where: { id: scheduled.id } });
    for (let round = 0; round < 50 && row.status === "scheduled"; round++) {
      await runDueJobs(JOB_HANDLERS);
      row = await testDb().article.findUniqueOrThrow({ where: { id: scheduled.id } });
    }
    expect(row.status).toBe("published");
    expect(row.publishedAt?.toISOString()).toBe(at.toISOString());
  });

  it("archives: the article leaves the site", async () => {
    const slug = `archivado-${unique()}`;
    const draft = await create({ es: translation(slug) });
    await publishCall(draft.id);
    const result = await callRoute(archive, {
      method: "POST",
      path: `/api/content/articles/${draft.id}/archive`,
      params: { id: draft.id },
      cookie: manager,
    });
    expect(result.json.status).toBe("archived");
    expect(await findPublishedArticle("es", slug)).toEqual({ kind: "missing" });
  });

  it("lists articles by status", async () => {
    const result = await callRoute(listArticles, {
      path: "/api/content/articles?status=published&limit=2",
      cookie: sales,
    });
    expect(result.status).toBe(200);
    expect(result.json.data).toHaveLength(2);
    expect(result.json.data.every((a: { status: string }) => a.status === "published")).toBe(true);
    expect(result.json.next_cursor).toEqual(expect.any(String));
  });
});

describe("bodies are rendered through the allow-list", () => {
  it("shows script, iframe and event handlers as text and drops javascript: links", () => {
    const html = renderArticleBody(
      [
        "<script>alert(1)</script>",
        '<iframe src="https://evil.example"></iframe>',
        '<img src=x onerror="alert(1)">',
        "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)",
        "[out](https://example.com) [in](/blog)",
        "![pic](javascript:alert(1))",
      ].join("\n\n"),
    );
    // Every tag in the output is one markdown-it made: the hostile markup stays escaped text.
    expect(html).not.toMatch(
      /<script|<iframe|<img src="x"|<[a-z][^>]*\sonerror=|href="javascript:|href="data:/i,
    );
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">out</a>',
    );
    expect(html).toContain('<a href="/blog">in</a>');
  });
});

/** A PNG whose header claims `width` × `height` pixels around a one-pixel image: a decompression bomb. */
function bombPng(width: number, height: number, tiny: Buffer): Buffer {
  const png = Buffer.from(tiny);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe("image uploads", () => {
  const upload = (bytes: Uint8Array, cookie = sales) => {
    const { body, contentType } = multipartBody({ bytes });
    return callRoute(uploadImage, {
      method: "POST",
      path: "/api/content/images",
      rawBody: body,
      headers: { "content-type": contentType },
      cookie,
    });
  };

  it("stores a real image, scaled to the site's widest, served with a year's cache and an ETag", async () => {
    const result = await upload(await pngOf(2400, 1200));
    expect(result.status, result.text).toBe(201);
    expect(result.json).toMatchObject({ width: 1600, height: 800, mime: "image/png" });
    const file = result.json.url.split("/").at(-1);
    const served = await callRoute(serveMedia as never, {
      path: `/media/${file}`,
      params: { file },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("etag")!;
    const again = await callRoute(serveMedia as never, {
      path: `/media/${file}`,
      params: { file },
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("refuses a renamed executable (415), a decompression bomb (415) and more than 5 MB (413)", async () => {
    const executable = Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(2048, 1)]);
    expect((await upload(executable)).status).toBe(415);
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(512, 7),
    ]);
    expect((await upload(fakePng)).status).toBe(415);
    expect((await upload(bombPng(60_000, 60_000, await pngOf(1, 1)))).status).toBe(415);
    expect((await upload(Buffer.alloc(6 * 1024 * 1024, 1))).status).toBe(413);
    expect(await testDb().contentImage.count({ where: { width: 60_000 } })).toBe(0);
  });
});
