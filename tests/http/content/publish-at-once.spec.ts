import { expect, test, type APIRequestContext } from "@playwright/test";
import { staffApiCookie } from "../../e2e/support/staff";
import {
  contentAction,
  createArticle,
  createJob,
  jobPostingsIn,
  type StaffHeaders,
} from "../../e2e/support/content";

// The instance that publishes serves the change on the very next request (lib/content/revalidate.ts):
// the blog index, the article, the home page's insights, both feeds and the sitemap after a publish,
// an edit and an archive; the careers list, the job page and the sitemap after a job opens, changes and
// closes. Every page is read once before the change, so a cached copy is what the change must replace.
// Over HTTP only: what a visitor gets is the server's answer, no browser needed.

const BLOG_PAGES = [
  "/blog",
  "/en/blog",
  "/",
  "/en",
  "/blog/rss.xml",
  "/en/blog/rss.xml",
  "/sitemap.xml",
];
// The home pages name the newest open roles in their careers teaser.
const CAREERS_PAGES = ["/careers", "/en/careers", "/sitemap.xml", "/", "/en"];

async function text(api: APIRequestContext, path: string, status = 200): Promise<string> {
  const response = await api.get(path);
  expect(response.status(), path).toBe(status);
  return response.text();
}

/** Reads each page twice: the second answer is the cached copy a visitor would get. */
async function warm(api: APIRequestContext, paths: string[]) {
  for (const path of paths) {
    await text(api, path);
    await text(api, path);
  }
}

test("publishing, editing and archiving an article shows on the next request", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = request;
  const headers: StaffHeaders = {
    origin: new URL(baseURL!).origin,
    cookie: await staffApiCookie(api, baseURL!),
  };
  const suffix = Date.now().toString(36);
  const article = await createArticle(api, headers, suffix);
  const { slugs, titles } = article;

  try {
    await warm(api, BLOG_PAGES);
    for (const path of BLOG_PAGES) expect(await text(api, path), path).not.toContain(suffix);

    let revision = await contentAction(
      api,
      headers,
      `/api/content/articles/${article.id}/publish`,
      {},
    );
    for (const [path, title] of [
      ["/blog", titles.es],
      ["/en/blog", titles.en],
      ["/", titles.es],
      ["/en", titles.en],
      ["/blog/rss.xml", titles.es],
      ["/en/blog/rss.xml", titles.en],
      [`/en/blog/${slugs.en}`, titles.en],
    ] as const)
      expect(await text(api, path), path).toContain(title);
    expect(await text(api, "/sitemap.xml")).toContain(`/en/blog/${slugs.en}</loc>`);

    // An edit: the article, the index and the feed carry the new title at once.
    const edited = `Edited ${suffix}`;
    const patched = await api.patch(`/api/content/articles/${article.id}`, {
      headers,
      data: { revision, translations: { en: { title: edited } } },
    });
    expect(patched.status()).toBe(200);
    revision = ((await patched.json()) as { revision: number }).revision;
    for (const path of [`/en/blog/${slugs.en}`, "/en/blog", "/en", "/en/blog/rss.xml"])
      expect(await text(api, path), path).toContain(edited);

    // Archived: gone from every list, and its address is a 404.
    await contentAction(api, headers, `/api/content/articles/${article.id}/archive`);
    for (const path of BLOG_PAGES) expect(await text(api, path), path).not.toContain(suffix);
    await text(api, `/en/blog/${slugs.en}`, 404);
  } finally {
    const deleted = await api.delete(`/api/content/articles/${article.id}`, { headers });
    expect(deleted.status()).toBe(200);
  }
});

test("opening, editing and closing a job shows on the next request", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = request;
  const headers: StaffHeaders = {
    origin: new URL(baseURL!).origin,
    cookie: await staffApiCookie(api, baseURL!),
  };
  const job = await createJob(api, headers, Date.now().toString(36));

  await warm(api, CAREERS_PAGES);
  for (const path of CAREERS_PAGES) expect(await text(api, path), path).not.toContain(job.id);

  let revision = await contentAction(api, headers, `/api/content/jobs/${job.id}/open`);
  expect(await text(api, "/careers")).toContain(job.titles.es);
  expect(await text(api, "/en/careers")).toContain(job.titles.en);
  expect(await text(api, "/")).toContain(`/careers/${job.id}`);
  expect(await text(api, "/en")).toContain(job.titles.en);
  expect(await text(api, "/sitemap.xml")).toContain(`/en/careers/${job.id}</loc>`);
  const open = await text(api, `/en/careers/${job.id}`);
  expect(jobPostingsIn(open)).toMatchObject([{ title: job.titles.en }]);

  const edited = `Edited role ${job.id}`;
  const patched = await api.patch(`/api/content/jobs/${job.id}`, {
    headers,
    data: { revision, translations: { en: { title: edited } } },
  });
  expect(patched.status()).toBe(200);
  revision = ((await patched.json()) as { revision: number }).revision;
  expect(await text(api, "/en/careers")).toContain(edited);
  expect(await text(api, "/en")).toContain(edited);
  expect(jobPostingsIn(await text(api, `/en/careers/${job.id}`))).toMatchObject([
    { title: edited },
  ]);

  // Closed: the page says so without JobPosting data; the list and the sitemap drop it.
  await contentAction(api, headers, `/api/content/jobs/${job.id}/close`);
  const closed = await text(api, `/en/careers/${job.id}`);
  expect(closed).toContain("This position is closed");
  expect(jobPostingsIn(closed)).toEqual([]);
  expect(await text(api, "/en/careers")).not.toContain(edited);
  expect(await text(api, "/en")).not.toContain(edited);
  expect(await text(api, "/")).not.toContain(`/careers/${job.id}`);
  expect(await text(api, "/sitemap.xml")).not.toContain(`/careers/${job.id}<`);
});
