// The shared front door (lib/http/route.ts): staff caching headers, 405 with Allow, the CSRF rule.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listLeads, POST as createLead, PUT as putLeads } from "@/app/api/crm/leads/route";
import { GET as getPipeline } from "@/app/api/crm/pipeline/route";
import { GET as health } from "@/app/api/health/route";
import { callRoute, TEST_ORIGIN } from "../../support/http";
import { staffCookie } from "../../support/staff";

let cookie: string;
beforeAll(async () => {
  cookie = await staffCookie();
});

const newLead = (headers: Record<string, string>) =>
  callRoute(createLead, {
    method: "POST",
    path: "/api/crm/leads",
    body: { name: "Front Door" },
    cookie,
    headers,
    hasNoFetchMetadata: true,
  });

describe("staff responses", () => {
  it("are private, never stored, and vary on the cookie — answers and errors alike", async () => {
    for (const result of [
      await callRoute(listLeads, { path: "/api/crm/leads", cookie }),
      await callRoute(getPipeline, { path: "/api/crm/pipeline", cookie }),
      await callRoute(getPipeline, { path: "/api/crm/pipeline" }),
      await callRoute(listLeads, { path: "/api/crm/leads?stage=Nope", cookie }),
    ]) {
      expect(result.headers.get("cache-control")).toBe("private, no-store");
      expect(result.headers.get("vary")).toBe("Cookie");
    }
  });
});

describe("methods a route does not take", () => {
  it("answer 405 with Allow and our error shape", async () => {
    const result = await callRoute(putLeads, { method: "PUT", path: "/api/crm/leads", cookie });
    expect(result.status).toBe(405);
    expect(result.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(result.json.error).toEqual({ code: "method_not_allowed", message: expect.any(String) });
    expect(result.headers.get("vary")).toBe("Cookie");
  });
});

describe("the staff CSRF rule", () => {
  it("refuses a change that carries neither Origin, Sec-Fetch-Site nor Referer (403)", async () => {
    const result = await newLead({});
    expect(result.status).toBe(403);
    expect(result.json.error.code).toBe("forbidden");
  });

  it("accepts a same-origin Referer when the other two are missing", async () => {
    expect((await newLead({ referer: `${TEST_ORIGIN}/crm` })).status).toBe(201);
  });

  it("refuses a cross-site Referer, an opaque Origin and a cross-site Sec-Fetch-Site", async () => {
    expect((await newLead({ referer: "https://evil.example/crm" })).status).toBe(403);
    expect((await newLead({ origin: "null", referer: `${TEST_ORIGIN}/crm` })).status).toBe(403);
    expect((await newLead({ "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await newLead({ "sec-fetch-site": "same-origin" })).status).toBe(201);
  });
});

describe("messages in the caller's language", () => {
  it("answer an unexpected query parameter in Spanish when the caller asks for it, naming it", async () => {
    const result = await callRoute(health, {
      path: "/api/health?x=1",
      headers: { "accept-language": "es-ES,es;q=0.9" },
    });
    expect(result.status).toBe(400);
    expect(result.json.error.message).toBe("Este endpoint no admite parámetros de consulta.");
    expect(result.json.error.fields).toEqual({ x: [expect.any(String)] });
  });
});
