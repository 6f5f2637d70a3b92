// `npm run walk`: the walk through every staff and public page for people to look at (tests/walk), against
// the same production server as the end-to-end tests. Its own config, so `playwright test` (npm test) never
// runs it; the screenshots land in test-results/walk/ (git ignores test-results/).
import { defineConfig, devices } from "@playwright/test";
import base from "./playwright.config";

export default defineConfig({
  ...base,
  testDir: "tests/walk",
  outputDir: "test-results/walk",
  retries: 0,
  reporter: [["list"]],
  projects: [{ name: "walk", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
