// Publishing on one of two instances behind HAProxy: that instance serves the change on the next request,
// the other within a minute: its pages revalidate every 30 s and serve one stale copy while they
// rebuild (docs/decisions/018-content-records.md).
// Each instance is asked directly, bypassing the balancer, so the test knows which one answers.
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { CLUSTER_OWNER, test, type TestCluster } from "../../e2e/support/cluster";
import {
  contentAction,
  createArticle,
  createJob,
  jobPostingsIn,
  type TestArticle,
  type TestJob,
} from "../../e2e/support/content";

const WITHIN = 60_000;

let cluster: TestCluster;
let publisher: APIRequestContext;
let other: APIRequestContext;

interface Page {
  status: number;
  text: string;
}

/** The article and the job, and what the publishing instance answered right after each change. */
let article: TestArticle;
let publishedAt: number;
let publisherBlogAfterPublish: Page;
let job: TestJob;
let closedAt: number;
let publisherJobAfterClose: Page;

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const headers = () => ({ origin: cluster.instanceUrls[0] });

async function body(api: APIRequestContext, path: string): Promise<Page> {
  const response = await api.get(path);
  return { status: response.status(), text: await response.text() };
}

/**
 * Reads each page on the other instance until it meets `check`; returns how long that took. The pages
 * are polled side by side: a stale page is rebuilt after the request that finds it stale, so each one's
 * first read starts its rebuild.
 */
async function untilOtherShows(
  since: number,
  pages: [string, (page: Page) => void][],
): Promise<number> {
  await Promise.all(
    pages.map(([path, check]) =>
      expect(async () => check(await body(other, path))).toPass({
        timeout: Math.max(since + WITHIN - Date.now(), 1),
        intervals: [250],
      }),
    ),
  );
  return Date.now() - since;
}

/**
 * Reads a page until the answer comes from a settled copy: a STALE answer starts a rebuild that runs
 * after it. Both instances keep their pages in the one cache on disk (the build's .next), so a rebuild
 * still running when a change lands would store what it read before the change, as newer than the change.
 */
async function settled(api: APIRequestContext, path: string): Promise<Page> {
  for (;;) {
    const response = await api.get(path);
    const page = { status: response.status(), text: await response.text() };
    if (response.headers()["x-nextjs-cache"] !== "STALE") return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Both changes (the article published, the job closed) are made here, together, before either test
// waits: the other instance then rebuilds the pages both touch (the sitemap) in one 30-second period
// instead of one each. Each test checks its change's answers.
test.beforeAll(async ({ cluster: shared }) => {
  test.setTimeout(180_000);
  cluster = shared;
  const [first, second] = cluster.instanceUrls;
  publisher = await playwrightRequest.newContext({ baseURL: first });
  other = await playwrightRequest.newContext({ baseURL: second });
  // The cluster is shared with cluster.spec.ts, whose tests spend the sign-in budgets of this address.
  await cluster.prisma.rateLimitCounter.deleteMany({
    where: { bucket: { in: ["staff_sign_in_address", "staff_sign_in"] } },
  });
  const unlocked = await publisher.post("/api/crm/auth", {
    data: CLUSTER_OWNER,
    headers: { origin: first },
  });
  expect(unlocked.status()).toBe(200);

  // Suffixes of their own: the job's is in the sitemap before the article is published.
  const suffix = Date.now().toString(36);
  job = await createJob(publisher, headers(), `${suffix}j`);
  article = await createArticle(publisher, headers(), `${suffix}a`);

  // The other instance has the job open: its page and sitemap entry.
  await contentAction(publisher, headers(), `/api/content/jobs/${job.id}/open`);
  await untilOtherShows(Date.now(), [
    [`/en/careers/${job.id}`, (page) => expect(jobPostingsIn(page.text)).toHaveLength(1)],
    ["/sitemap.xml", (page) => expect(page.text).toContain(`/en/careers/${job.id}</loc>`)],
  ]);
  // The other instance has the blog cached from before the article existed, and the job open.
  for (const path of ["/en/blog", "/en/blog/rss.xml", "/sitemap.xml"])
    expect((await settled(other, path)).text).not.toContain(`${suffix}a`);
  expect(jobPostingsIn((await settled(other, `/en/careers/${job.id}`)).text)).toHaveLength(1);
  // So has the publishing instance: a cached copy is what each change must replace.
  expect((await settled(publisher, "/en/blog")).text).not.toContain(`${suffix}a`);
  expect(jobPostingsIn((await settled(publisher, `/en/careers/${job.id}`)).text)).toHaveLength(1);

  await contentAction(publisher, headers(), `/api/content/articles/${article.id}/publish`, {});
  publishedAt = Date.now();
  publisherBlogAfterPublish = await body(publisher, "/en/blog");

  await contentAction(publisher, headers(), `/api/content/jobs/${job.id}/close`);
  closedAt = Date.now();
  publisherJobAfterClose = await body(publisher, `/en/careers/${job.id}`);
});

test.afterAll(async () => {
  await publisher?.dispose();
  await other?.dispose();
});

test("an article published on one instance is on the other's blog, feed and sitemap within 60 s", async () => {
  expect(publisherBlogAfterPublish.text).toContain(article.titles.en);

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
  expect(jobPostingsIn(publisherJobAfterClose.text)).toEqual([]);

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
