// What the production server itself answers: requests Next.js alone would turn into a bare 500.
import { expect, test } from "@playwright/test";

test.describe("the production server's front door", () => {
  for (const path of ["/en/foo%25bar", "/blog/%25", "/crm%25", "/blog/%E0%A4%A"]) {
    test(`bad percent-encoding in ${path} is a 400 in our shape, with our security headers`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(400);
      expect((await response.json()).error.code).toBe("validation");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
      expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    });
  }

  test("an encoded slash or backslash (/api%2f…) is a clean 400 naming it, never Next.js's bare 500", async ({
    request,
  }) => {
    for (const path of [
      "/api%2fleads",
      "/api%2Fcrm%2Fleads",
      "/en%5cabout",
      "/api/leads%2f..%2fcrm",
    ]) {
      for (const response of [
        await request.get(path),
        await request.post(path, { data: { name: "x" } }),
      ]) {
        expect(response.status(), path).toBe(400);
        expect(response.headers()["content-type"]).toContain("application/json");
        const { error } = await response.json();
        expect(error.code).toBe("validation");
        expect(error.message).toMatch(/encoded slash/);
      }
    }
  });

  test("TRACE on any path is a 405 with Allow, never an echo", async ({ request }) => {
    for (const path of ["/", "/api/leads", "/crm"]) {
      const response = await request.fetch(path, { method: "TRACE" });
      expect(response.status()).toBe(405);
      expect(response.headers().allow).toContain("GET");
      expect((await response.json()).error.code).toBe("method_not_allowed");
      expect(response.headers()["x-frame-options"]).toBe("DENY");
    }
  });

  test("staff pages are private, never stored, and vary on the cookie", async ({ request }) => {
    const response = await request.get("/crm");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers().vary).toMatch(/Cookie/);
  });
});
