import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import {
  isBrotliAssetRequest,
  precompressDirectory,
  prefersBrotli,
} from "@/scripts/lib/static-brotli";

describe("prefersBrotli", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br", true],
    ["BR;q=0.5", true],
    ["gzip;q=0.5, br;q=0.5", true],
    ["gzip, br;q=0.5", false],
    ["gzip, br;q=0", false],
    ["br; q=0.000", false],
    ["br;q=oops", false],
    ["gzip, *", true],
    ["*", true],
    ["*;q=0, gzip", false],
    ["br;q=0, *", false],
    ["gzip, deflate", false],
    ["identity", false],
    ["", false],
    [undefined, false],
  ])("%j → %s", (header, expected) => {
    expect(prefersBrotli(header)).toBe(expected);
  });
});

describe("isBrotliAssetRequest", () => {
  const request = (method: string, url: string, acceptEncoding?: string) =>
    ({
      method,
      url,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    }) as unknown as IncomingMessage;

  it.each([
    ["GET", "/_next/static/chunks/app-1a2b.js", "gzip, br", true],
    ["HEAD", "/_next/static/css/site-9f.css?v=1", "br", true],
    ["POST", "/_next/static/chunks/app-1a2b.js", "br", false],
    ["GET", "/_next/static/chunks/app-1a2b.js", "gzip", false],
    ["GET", "/_next/static/chunks/app-1a2b.js", undefined, false],
    ["GET", "/_next/static/media/font.woff2", "br", false],
    ["GET", "/_next/static/../../package.json.js", "br", false],
    ["GET", "/en/blog", "br", false],
    ["GET", "/static/app.js", "br", false],
  ])("%s %s (%j) → %s", (method, url, acceptEncoding, expected) => {
    expect(isBrotliAssetRequest(request(method, url, acceptEncoding))).toBe(expected);
  });
});

describe("precompressDirectory", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("writes a .br copy of every script and stylesheet that decodes to the same bytes, and skips the rest", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "static-brotli-"));
    mkdirSync(path.join(dir, "chunks"));
    const script = "export const greeting = 'hola';\n".repeat(400);
    const style = ".card{color:red}\n".repeat(300);
    writeFileSync(path.join(dir, "chunks", "app.js"), script);
    writeFileSync(path.join(dir, "site.css"), style);
    writeFileSync(path.join(dir, "font.woff2"), Buffer.alloc(2048, 7));

    const result = await precompressDirectory(dir);

    expect(result.files).toBe(2);
    expect(result.originalBytes).toBe(script.length + style.length);
    expect(result.brotliBytes).toBeLessThan(result.originalBytes / 10);
    const decoded = (file: string) =>
      brotliDecompressSync(readFileSync(path.join(dir!, file + ".br"))).toString();
    expect(decoded("chunks/app.js")).toBe(script);
    expect(decoded("site.css")).toBe(style);
    expect(existsSync(path.join(dir, "font.woff2.br"))).toBe(false);
  });
});
