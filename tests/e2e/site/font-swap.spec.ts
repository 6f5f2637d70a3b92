import { expect, test, type Page, type Route } from "@playwright/test";

// A slow connection must not make a page jump when the web fonts arrive. With font-display: swap it
// did: the page was drawn in the fallback face, then every paragraph re-wrapped in Inter (CLS up to
// 0.25 here); Lighthouse caught the tip of it on /careers. The fonts now use optional, which keeps the
// fallback for a page whose preloaded fonts come late (lib/fonts.ts, docs/performance.md). CLS 0 is a
// target of the public site.

const PAGES = [
  "/",
  "/en",
  "/solutions/voice-agents",
  "/en/blog",
  "/blog/integrate-ai-without-disruption",
  "/careers",
  "/en/careers/ai-software-developer",
  "/privacy-policy",
  "/optin",
];

/**
 * Layout shifts not caused by input, from navigation until the web fonts are in and drawn. The fonts are held
 * back until the page has painted its first content without them, then let through: they arrive late by
 * construction, whatever the machine's speed, instead of after a fixed delay.
 */
async function shiftsAcrossFontSwap(page: Page, path: string) {
  const held: Route[] = [];
  let isReleased = false;
  await page.route(/\.woff2$/, async (route) => {
    if (isReleased) await route.continue();
    else held.push(route);
  });
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName.toLowerCase()}.${[...source.node.classList].join(".")}`
              : String(source.node?.nodeName),
          ),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // The load event waits for the preloaded fonts, which are held: the document is enough.
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(
    () => performance.getEntriesByName("first-contentful-paint").length > 0,
  );
  isReleased = true;
  await Promise.all(held.map((route) => route.continue()));
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.status)).toBe("loaded");
  // The first text was drawn before any web font had arrived, so in the fallback face; otherwise there
  // would be nothing to test. Read from the browser's own timestamps: reading the fonts' status in a
  // paint observer's callback depends on when that callback gets to run.
  const timings = await page.evaluate(() => ({
    firstText: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    fontsArrived: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".woff2"))
      .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
  }));
  expect(timings.fontsArrived.length).toBeGreaterThan(0);
  expect(timings.firstText).toBeLessThan(Math.min(...timings.fontsArrived));
  // Two frames after the fonts are in, so any swap has been laid out, drawn and observed.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts);
}

test.describe("the web fonts arriving late", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of PAGES) {
    test(`move nothing on ${path}`, async ({ page }) => {
      expect(await shiftsAcrossFontSwap(page, path)).toEqual([]);
    });
  }
});

/** The font families Chromium actually drew `selector`'s first match with. */
async function drawnFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts.map((font) => font.familyName);
}

test.describe("the web fonts on an ordinary load", () => {
  // optional keeps the fallback for a page whose fonts come late; preloaded, they must not be late.
  for (const path of ["/", "/en/careers"]) {
    test(`draw ${path} in Space Grotesk and Inter`, async ({ page }) => {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      // The semibold cut names itself so (scripts/assets/cut-font-weights.ts), not by the variable
      // font's default instance, "Light".
      expect(await drawnFonts(page, "h1")).toEqual(["Space Grotesk SemiBold"]);
      expect(await drawnFonts(page, "main p")).toEqual([expect.stringMatching(/^Inter\b/)]);
    });
  }
});
