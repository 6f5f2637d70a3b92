// React Server Component payloads (`?_rsc=`) a public page fetches by itself after it loads, before the
// visitor does anything: docs/performance.md ("What changed for speed in issue 17") explains why they
// count (the browser parses them on the main thread inside Lighthouse's blocking-time window). Then the
// other half of the trade: hovering the header's home link must still prefetch its page, so a click
// stays a client-side navigation without a wait. The staff tools, signed in as the owner, are counted the
// same way, with the app's CPU time over their loads: every staff page is dynamic, so a viewport prefetch
// there fetched only a route tree, yet cost the server a request's work (docs/performance.md, "Staff
// links"). Hovering a lead card must still prefetch the lead's page.
//   SITE_URL=http://127.0.0.1:3600 npm run build && npx tsx bench/rsc-prefetch.ts
// Prints figures; exits 1 only when the home link is not prefetched before its click or the click
// reloads the page. BENCH_PAGES (comma-separated) and BENCH_PORT (3600) override the defaults;
// BENCH_SETTLE_MS is the wait after the load event (5000).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page, type Request } from "@playwright/test";
import { startApp, type RunningApp } from "@/scripts/lib/app-process";
import { benchAppEnv } from "./lib/app-env";
import { measureCpu } from "./lib/cpu-usage";
import { runRecorded } from "./lib/run-output";

const port = Number(process.env.BENCH_PORT || 3600);
const settleMs = Number(process.env.BENCH_SETTLE_MS || 5000);
const pages = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(",")
  : ["/", "/en/blog", "/careers"];
const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const isRsc = (request: Request) => new URL(request.url()).searchParams.has("_rsc");

/** Collects every RSC request a page makes, with its transferred body size once it finishes. */
function watchRsc(page: Page) {
  const seen: { request: Request; bytes: Promise<number> }[] = [];
  page.on("request", (request) => {
    if (!isRsc(request)) return;
    const bytes = request
      .response()
      .then(async (response) => (response ? (await request.sizes()).responseBodySize : 0))
      .catch(() => 0);
    seen.push({ request, bytes });
  });
  return seen;
}

/**
 * Points at `link`, waits, then clicks it: the payload requests for `path` made before the pointer and on
 * it, and the documents the click loaded (none for a client-side navigation).
 */
async function hoverThenClick(
  page: Page,
  seen: ReturnType<typeof watchRsc>,
  link: Locator,
  path: string,
) {
  const requestsFor = () => seen.filter((s) => new URL(s.request.url()).pathname === path).length;
  const beforeHover = requestsFor();
  await link.hover();
  await page.waitForTimeout(1500);
  const onHover = requestsFor() - beforeHover;
  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  await link.click();
  await page.waitForURL(`${new URL(page.url()).origin}${path}`);
  return { beforeHover, onHover, documents };
}

/** The click has rendered the home page (its main heading is on screen). */
async function expectHeading(page: Page) {
  await page.locator("main h1").first().waitFor({ state: "visible" });
}

async function main(): Promise<string> {
  let summary = "";
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("no production build: run `SITE_URL=… npm run build` first");
  const workDir = mkdtempSync(path.join(tmpdir(), "avanza-rsc-prefetch-"));
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let hoverOk = true;
  try {
    app = await startApp({ port, env: benchAppEnv(workDir) });
    console.log(
      `load average at start: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
    console.log(`| page | _rsc requests within ${settleMs / 1000} s of load | bytes | paths |`);
    console.log("| --- | --- | --- | --- |");
    for (const pagePath of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const seen = watchRsc(page);
      await page.goto(`${app.baseUrl}${pagePath}`, { waitUntil: "load" });
      await page.waitForTimeout(settleMs);
      const bytes = (await Promise.all(seen.map((s) => s.bytes))).reduce((a, b) => a + b, 0);
      const paths = seen.map((s) => new URL(s.request.url()).pathname);
      console.log(
        `| \`${pagePath}\` | ${seen.length} | ${bytes.toLocaleString("en")} B | ${paths.join(" ") || "—"} |`,
      );
      await context.close();
    }

    // Intent: the header's home link's payload is fetched before the click (after this change only
    // once the pointer is over it), and the click then navigates on the client (no new document).
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = watchRsc(page);
    await page.goto(`${app.baseUrl}/en/blog`, { waitUntil: "load" });
    await page.waitForTimeout(settleMs);
    const homeLink = page.locator("header a[href='/en']").first();
    const {
      beforeHover,
      onHover: afterHover,
      documents,
    } = await hoverThenClick(page, seen, homeLink, "/en");
    await expectHeading(page);
    hoverOk = beforeHover + afterHover > 0 && documents === 0;
    summary = `rsc-prefetch: home link before hover=${beforeHover} on hover=${afterHover} documents on click=${documents}`;
    console.log(
      `/en/blog, header home link: ${beforeHover} payload request(s) for /en before the hover, ${afterHover} on hover; the click loaded ${documents} new document(s)`,
    );
    await context.close();
    const staff = await measureStaffPages(browser, app);
    hoverOk &&= staff.hoverOk;
    summary += `; staff _rsc before any intent=${staff.requests} app cpu per view=${staff.cpuMsPerView} ms lead card on hover=${staff.onHover} documents on click=${staff.documents}`;
  } finally {
    await browser.close();
    await app?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (!hoverOk) {
    console.error(
      "the home link was not prefetched before the click, or the click reloaded the page",
    );
    process.exitCode = 1;
  }
  return summary;
}

const STAFF_PAGES = ["/crm", "/crm?tab=pipeline", "/crm?tab=tasks", "/crm/proposals", "/analytics"];
const STAFF_ROUNDS = 3;

/**
 * The staff pages, signed in as the owner: the payload requests each load makes by itself, and the app's
 * CPU time per view (the loads and whatever they set off, up to the settle time); then a lead card's
 * link on the pipeline, hovered and clicked.
 */
async function measureStaffPages(browser: Browser, app: RunningApp) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const signedIn = await context.request.post(`${app.baseUrl}/api/crm/auth`, {
    data: {
      email: process.env.STAFF_OWNER_EMAIL || "bench-owner@example.com",
      password: process.env.STAFF_OWNER_PASSWORD || "bench-staff-password",
    },
    headers: { origin: app.baseUrl },
  });
  if (signedIn.status() !== 200) throw new Error(`staff sign-in answered ${signedIn.status()}`);
  const page = await context.newPage();
  const seen = watchRsc(page);
  console.log("");
  console.log(
    `| staff page | _rsc requests within ${settleMs / 1000} s of load (median of ${STAFF_ROUNDS}) | app CPU per view (median) |`,
  );
  console.log("| --- | --- | --- |");
  let requests = 0;
  let cpuMsPerView = 0;
  for (const pagePath of STAFF_PAGES) {
    const counts: number[] = [];
    const cpuMs: number[] = [];
    for (let round = 0; round < STAFF_ROUNDS; round++) {
      const before = seen.length;
      const cpu = measureCpu([app.process.pid!]);
      const startedAt = performance.now();
      await page.goto(`${app.baseUrl}${pagePath}`, { waitUntil: "load" });
      await page.waitForTimeout(settleMs);
      const percent = cpu.stop().get("app") ?? 0;
      cpuMs.push((percent / 100) * (performance.now() - startedAt));
      counts.push(seen.length - before);
    }
    const count = median(counts);
    const cpu = Math.round(median(cpuMs));
    requests += count;
    cpuMsPerView += cpu;
    console.log(`| \`${pagePath}\` | ${count} | ${cpu} ms |`);
  }
  cpuMsPerView = Math.round(cpuMsPerView / STAFF_PAGES.length);

  await page.goto(`${app.baseUrl}/crm?tab=pipeline`, { waitUntil: "load" });
  await page.waitForTimeout(settleMs);
  const card = page.locator("li[data-lead-id] a[href^='/crm/leads/']").first();
  const href = (await card.getAttribute("href"))!;
  const { onHover, documents } = await hoverThenClick(page, seen, card, href);
  console.log(
    `/crm?tab=pipeline, a lead card: ${onHover} payload request(s) for its page on hover; the click loaded ${documents} new document(s)`,
  );
  await context.close();
  return { requests, cpuMsPerView, onHover, documents, hoverOk: onHover > 0 && documents === 0 };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

runRecorded({ name: "rsc-prefetch", command: "npx tsx bench/rsc-prefetch.ts" }, main).catch(
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
