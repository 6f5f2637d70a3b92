// Headers and the health check of the production server, over HTTP (the browser's part, pages without
// CSP violations or script errors, is tests/e2e/platform/security.spec.ts).
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
});
