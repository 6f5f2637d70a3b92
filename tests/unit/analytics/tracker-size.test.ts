import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const LIMIT_BYTES = 2.5 * 1024;

describe("tracker bundle", () => {
  it("stays under 2.5 KB gzipped, minified as the browser receives it", async () => {
    const result = await build({
      entryPoints: ["lib/analytics/tracker/tracker.ts"],
      bundle: true,
      minify: true,
      format: "esm",
      target: "es2020",
      write: false,
      logLevel: "silent",
    });
    const bytes = gzipSync(result.outputFiles[0]!.contents, { level: 9 }).byteLength;
    console.log(`tracker: ${bytes} bytes gzipped`);
    expect(bytes).toBeGreaterThan(500); // it really built the tracker
    expect(bytes).toBeLessThanOrEqual(LIMIT_BYTES);
  });
});
