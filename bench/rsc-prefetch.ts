// React Server Component payloads (`?_rsc=`) a public page fetches by itself after it loads, before the
// visitor does anything: docs/performance.md ("What changed for speed in issue 17") explains why they
// count (the browser parses them on the main thread inside Lighthouse's blocking-time window). Then the
// other half of the trade: hovering the header's home link must still prefetch its page, so a click
// stays a client-side navigation without a wait.
//   SITE_URL=http://127.0.0.1:3600 npm run build && npx tsx bench/rsc-prefetch.ts
// Prints figures; exits 1 only when the home link is not prefetched before its click or the click
// reloads the page. BENCH_PAGES (comma-separated) and BENCH_PORT (3600) override the defaults;
// BENCH_SETTLE_MS is the wait after the load event (5000).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page, type Request } from "@playwright/test";
import { startApp } from "@/scripts/lib/app-process";
import { benchAppEnv } from "./lib/app-env";
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
    const forHome = () => seen.filter((s) => new URL(s.request.url()).pathname === "/en").length;
    const beforeHover = forHome();
    const homeLink = page.locator("header a[href='/en']").first();
    await homeLink.hover();
    await page.waitForTimeout(1500);
    const afterHover = forHome() - beforeHover;
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents += 1;
    });
    await homeLink.click();
    await page.waitForURL(`${app.baseUrl}/en`);
    await expectHeading(page);
    hoverOk = beforeHover + afterHover > 0 && documents === 0;
    summary = `rsc-prefetch: home link before hover=${beforeHover} on hover=${afterHover} documents on click=${documents}`;
    console.log(
      `/en/blog, header home link: ${beforeHover} payload request(s) for /en before the hover, ${afterHover} on hover; the click loaded ${documents} new document(s)`,
    );
    await context.close();
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

runRecorded({ name: "rsc-prefetch", command: "npx tsx bench/rsc-prefetch.ts" }, main).catch(
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
