// What only a browser reports: CSP violations and script errors while pages load. The headers
// themselves are checked over HTTP (tests/http/platform/security.spec.ts).
import { expect, test } from "@playwright/test";

test.describe("security baseline", () => {
  test("pages load without CSP violations or console errors", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    page.on("pageerror", (error) => problems.push(error.message));
    for (const path of ["/", "/en"]) await page.goto(path);
    expect(problems).toEqual([]);
  });
});

test("the 404 page renders without script errors", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    // The 404 status itself is reported as a failed resource load; anything else is a real problem.
    if (message.type() === "error" && !message.text().includes("404"))
      problems.push(message.text());
  });
  await page.goto("/no-such-page");
  await page.goto("/en/no-such-page");
  expect(problems).toEqual([]);
});
