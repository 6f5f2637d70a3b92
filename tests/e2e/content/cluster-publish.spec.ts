// Publishing on one of two instances behind HAProxy: that instance serves the change on the next request,
// the other within a minute: its pages revalidate every 30 s and serve one stale copy while they
// rebuild (docs/decisions/018-content-records.md).
// Each instance is asked directly, bypassing the balancer, so the test knows which one answers.
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from "@playwright/test";
import { CLUSTER_OWNER, startTestCluster, type TestCluster } from "../support/cluster";
import { contentAction, createArticle, createJob, jobPostingsIn } from "../support/content";

const WITHIN = 60_000;

let cluster: TestCluster;
let publisher: APIRequestContext;
let other: APIRequestContext;

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startTestCluster(410);
  const [first, second] = cluster.instanceUrls;
  publisher = await playwrightRequest.newContext({ baseURL: first });
  other = await playwrightRequest.newContext({ baseURL: second });
  const unlocked = await publisher.post("/api/crm/auth", {
    data: CLUSTER_OWNER,
    headers: { origin: first },
  });
  expect(unlocked.status()).toBe(200);
});

test.afterAll(async () => {
  await publisher?.dispose();
  await other?.dispose();
  await cluster?.stop();
});

const headers = () => ({ origin: cluster.instanceUrls[0] });

async function body(
  api: APIRequestContext,
  path: string,
): Promise<{ status: number; text: string }> {
  const response = await api.get(path);
  return { status: response.status(), text: await response.text() };
}

/** Reads each page on the other instance until it meets `check`; returns how long that took. */
async function untilOtherShows(
  since: number,
  pages: [string, (page: { status: number; text: string }) => void][],
): Promise<number> {
  for (const [path, check] of pages)
    await expect(async () => check(await body(other, path))).toPass({
      timeout: Math.max(since + WITHIN - Date.now(), 1),
      intervals: [1000],
    });
  return Date.now() - since;
}

test("an article published on one instance is on the other's blog, feed and sitemap within 60 s", async () => {
  const suffix = Date.now().toString(36);
  const article = await createArticle(publisher, headers(), suffix);
  // The other instance has the blog cached from before the article existed.
  for (const path of ["/en/blog", "/en/blog/rss.xml", "/sitemap.xml"]) {
    expect((await body(other, path)).text).not.toContain(suffix);
    expect((await body(other, path)).text).not.toContain(suffix);
  }

  await contentAction(publisher, headers(), `/api/content/articles/${article.id}/publish`, {});
  const publishedAt = Date.now();
  expect((await body(publisher, "/en/blog")).text).toContain(article.titles.en);

  const took = await untilOtherShows(publishedAt, [
    ["/en/blog", (page) => expect(page.text).toContain(article.titles.en)],
    ["/en/blog/rss.xml", (page) => expect(page.text).toContain(article.titles.en)],
    ["/sitemap.xml", (page) => expect(page.text).toContain(`/en/blog/${article.slugs.en}</loc>`)],
    [`/en/blog/${article.slugs.en}`, (page) => expect(page.status).toBe(200)],
  ]);
  test.info().annotations.push({ type: "other instance", description: `${took} ms` });
  expect(took).toBeLessThanOrEqual(WITHIN);
});

test("a job closed on one instance loses its JobPosting and sitemap entry on the other within 60 s", async () => {
  const job = await createJob(publisher, headers(), Date.now().toString(36));
  await contentAction(publisher, headers(), `/api/content/jobs/${job.id}/open`);
  const openedAt = Date.now();
  await untilOtherShows(openedAt, [
    [`/en/careers/${job.id}`, (page) => expect(jobPostingsIn(page.text)).toHaveLength(1)],
    ["/sitemap.xml", (page) => expect(page.text).toContain(`/en/careers/${job.id}</loc>`)],
  ]);

  await contentAction(publisher, headers(), `/api/content/jobs/${job.id}/close`);
  const closedAt = Date.now();
  expect(jobPostingsIn((await body(publisher, `/en/careers/${job.id}`)).text)).toEqual([]);

  const took = await untilOtherShows(closedAt, [
    [
      `/en/careers/${job.id}`,
      (page) => {
        expect(page.text).toContain("This position is closed");
        expect(jobPostingsIn(page.text)).toEqual([]);
      },
    ],
    ["/en/careers", (page) => expect(page.text).not.toContain(job.titles.en)],
    ["/sitemap.xml", (page) => expect(page.text).not.toContain(`/careers/${job.id}<`)],
  ]);
  test.info().annotations.push({ type: "other instance", description: `${took} ms` });
  expect(took).toBeLessThanOrEqual(WITHIN);
});
