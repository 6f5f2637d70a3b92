import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://127.0.0.1:${port}`;
// `npm test` (scripts/run-tests.ts) asks for a JSON report beside the usual output, to add up the suites.
const jsonReport = process.env.TEST_JSON_REPORT;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: jsonReport ? [["list"], ["json", { outputFile: jsonReport }]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    // Recording a trace costs every test; one on the retry of a failed test is enough to read it.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      // Without these, Chromium tries to reach Google's services, which this network refuses.
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // What needs no browser: status, headers, bodies and rules of the production server over HTTP
    // (docs/testing.md). Its tests take `request`, never `page`, so no browser is started for them.
    { name: "http", testDir: "tests/http" },
    // Signs the owner in once and keeps the session (tests/e2e/support/staff.ts, useOwnerSession).
    { name: "setup", testDir: "tests/e2e/setup", testMatch: /\.setup\.ts$/ },
    {
      name: "chromium",
      testDir: "tests/e2e",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["setup"],
    },
  ],
  webServer: {
    // Always the production build (`npm run test:e2e` builds first), never the dev server.
    command: "node --import tsx tests/e2e/support/start-server.ts",
    url: `${baseURL}/api/health`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGINT", timeout: 10_000 },
  },
});
