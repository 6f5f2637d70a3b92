// The end-to-end run builds the app first, so this is where a start against that build can be tried.
import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { BUILD_SITE_URL_KEY, readBuildSiteUrl } from "@/scripts/lib/site-origin";

test("npm start refuses a SITE_URL other than the one the build was made with, naming both values", () => {
  const built = readBuildSiteUrl();
  expect(built, `no production build with ${BUILD_SITE_URL_KEY}`).toBeTruthy();
  const other =
    built === "https://elsewhere.example" ? "https://other.example" : "https://elsewhere.example";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STAFF_OWNER_EMAIL: "site-origin-owner@example.com",
    STAFF_OWNER_PASSWORD: "site-origin-password",
    SESSION_SECRET: "s".repeat(40),
    SITE_URL: other,
    DATABASE_URL: "postgresql://127.0.0.1:1/none",
  };
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/run-app.ts", "start"], {
    env,
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`SITE_URL is ${other}`);
  expect(result.stderr).toContain(`built with SITE_URL=${built}`);
});
