import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readBuildSiteUrl } from "@/scripts/lib/site-origin";
import { createMigratedDatabase } from "@/tests/support/database";
import { describe, expect, it } from "vitest";

function runStart(env: Record<string, string>) {
  const clean = { ...process.env, ...env };
  for (const key of [
    "STAFF_OWNER_EMAIL",
    "STAFF_OWNER_PASSWORD",
    "EMBEDDED_PG_DIR",
    "SESSION_SECRET",
    "DATABASE_URL",
    "SITE_URL",
  ])
    if (!(key in env)) delete clean[key];
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/run-app.ts", "start"], {
    env: clean,
    encoding: "utf8",
    timeout: 80_000,
  });
}

describe("npm start", () => {
  it("refuses to start without the production secrets and names each missing one", () => {
    const result = runStart({ NODE_ENV: "production" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("SESSION_SECRET");
  });

  it("refuses a malformed setting before touching the database", () => {
    const result = runStart({
      SESSION_SECRET: "too-short",
      SITE_URL: "https://www.example.com",
      DATABASE_URL: "postgresql://127.0.0.1:1/none",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/SESSION_SECRET must be at least 32 characters/);
  });

  it("refuses an invalid brand value with the variable's meaning", () => {
    const result = runStart({
      SESSION_SECRET: "s".repeat(40),
      CONTACT_EMAIL: "not-an-email",
      SITE_URL: "https://www.example.com",
      DATABASE_URL: "postgresql://127.0.0.1:1/none",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/contactEmail/);
  });

  it("refuses a production start without SITE_URL, naming it and how to set it", () => {
    const result = runStart({ SESSION_SECRET: "s".repeat(40) });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("SITE_URL is not set");
    expect(result.stderr).toContain("SITE_URL=https://");
  });
});

describe("npm start with no staff account", () => {
  it("refuses, and says how to create the first owner", async () => {
    // A migrated database with no account: on a real server a copy of the migrated template; otherwise a new
    // embedded folder, which the start migrates and seeds first (scripts/smoke-embedded.ts covers that start).
    const database = process.env.TEST_DATABASE_URL ? await createMigratedDatabase() : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), "start-guard-"));
    try {
      const result = runStart({
        SESSION_SECRET: "s".repeat(40),
        SITE_URL: readBuildSiteUrl() || "https://www.example.com",
        ...(database
          ? { DATABASE_URL: database.url }
          : { EMBEDDED_PG_DIR: path.join(dataDir, "pglite") }),
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("no staff account exists");
      expect(result.stderr).toContain("npm run staff:add -- --email");
      expect(result.stderr).toContain("STAFF_OWNER_EMAIL and STAFF_OWNER_PASSWORD");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.dispose();
    }
  }, 90_000);
});

describe("npm run build", () => {
  it("refuses to build without SITE_URL, naming it and how to set it", () => {
    const env = { ...process.env };
    delete env.SITE_URL;
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/require-site-url.ts"], {
      env,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Cannot build: SITE_URL is not set");
  });
});
