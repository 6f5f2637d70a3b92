import type { Page, Request } from "@playwright/test";

/** Paths of the Server Component payloads (`?_rsc=`) the page requests from now on, as they are asked for. */
export function recordPayloads(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_rsc")) paths.push(url.pathname);
  });
  return paths;
}
