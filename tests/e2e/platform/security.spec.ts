import { expect, test } from "@playwright/test";

test.describe("security baseline", () => {
  for (const path of ["/", "/en", "/api/health", "/no-such-page"]) {
    test(`${path} carries the security headers and hides the framework`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBeTruthy();
      expect(headers["permissions-policy"]).toBeTruthy();
      expect(headers["strict-transport-security"]).toContain("max-age=");
      expect(headers["x-powered-by"]).toBeUndefined();
    });
  }

  test("the health check reaches the database", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

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
