import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // The rule targets the Pages Router's _document; App Router layouts render <head> by design, and there is no pages/ folder.
    rules: { "@next/next/no-head-element": "off" },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    ".data/**",
    "lib/generated/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    ".bench/**",
  ]),
]);
