import { expect, type Page, type Request } from "@playwright/test";

/** Paths of the Server Component payloads (`?_rsc=`) the page requests from now on, as they are asked for. */
export function recordPayloads(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_rsc")) paths.push(url.pathname);
  });
  return paths;
}

/**
 * From now on, keeps count of the page's requests that have not come back; `settled()` resolves once none
 * is open and the browser has been idle since (what the page asks for after loading has come back and
 * been drawn). Without `networkidle`'s half second of silence.
 */
export function trackOpenRequests(page: Page): { settled: () => Promise<void> } {
  const open = new Set<Request>();
  page.on("request", (request) => open.add(request));
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  return {
    settled: () =>
      expect
        .poll(
          async () => {
            await page.evaluate(
              () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })),
            );
            return open.size;
          },
          { intervals: [50] },
        )
        .toBe(0),
  };
}
