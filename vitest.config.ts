import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = {
  "@": root,
  // The real module throws outside React Server Components; tests import server code directly.
  "server-only": path.join(root, "tests/support/server-only-stub.ts"),
};

// next-intl imports "next/navigation" without an extension, which Node's ESM loader rejects; let Vite resolve it.
const server = { deps: { inline: ["next-intl"] } };

// `npm test` (scripts/run-tests.ts) asks for a JSON report beside the usual output, to add up the suites.
const jsonReport = process.env.TEST_JSON_REPORT;

// TEST_DATABASE_URL names a real PostgreSQL server; without it the tests run on the embedded one.
const hasDatabaseServer = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: jsonReport ? ["default", "json"] : ["default"],
    ...(jsonReport && { outputFile: { json: jsonReport } }),
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", server },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          server,
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-env.ts"],
          // Two files at a time, each on a copy of the migrated template of its own
          // (tests/support/integration-env.ts), so a file's assertions about "its" database stay exact.
          // The embedded server is one database for all: there files run one at a time.
          fileParallelism: hasDatabaseServer,
          maxWorkers: hasDatabaseServer ? 2 : 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
