// /api/openapi.json documents every route under app/api, and its lead example works as written.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { POST as submit } from "@/app/api/leads/route";
import { callRoute } from "../../support/http";
import { uniqueAddress } from "../../support/staff";

const API_DIR = path.join(process.cwd(), "app/api");
function routePaths(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routePaths(full);
    if (entry !== "route.ts") return [];
    const relative = path.relative(API_DIR, dir).split(path.sep).join("/");
    return [`/api/${relative}`.replace(/\[(\w+)\]/g, "{$1}")];
  });
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document naming every route the app serves (itself aside)", async () => {
    const result = await callRoute(openapi, { path: "/api/openapi.json" });
    expect(result.status).toBe(200);
    expect(result.json.openapi).toBe("3.1.0");
    const documented = Object.keys(result.json.paths);
    for (const route of routePaths(API_DIR).filter((p) => p !== "/api/openapi.json"))
      expect(documented, `${route} is not documented`).toContain(route);
  });

  it("carries a lead example that the endpoint accepts as written (201)", async () => {
    const doc = (await callRoute(openapi, { path: "/api/openapi.json" })).json;
    const example = doc.paths["/api/leads"].post.requestBody.content["application/json"].example;
    const result = await callRoute(submit, {
      method: "POST",
      path: "/api/leads",
      body: { ...example, email: `doc.${Date.now()}@example.com` },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(result.status).toBe(201);
  });
});
