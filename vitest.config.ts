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
          // Test files share one database; running them one at a time keeps each file's assertions about it exact.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
