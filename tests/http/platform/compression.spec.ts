// The production server's compression: Brotli for browsers that accept it (precompressed at build time
// for the framework's scripts and stylesheets, streamed for pages and payloads), gzip for the rest, and
// the same bytes once decoded. Raw HTTP, because a browser or Playwright's client would decode silently.
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(
  baseURL: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

function decode(answer: RawAnswer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  return answer.body;
}

test.describe("compression by the production server", () => {
  test("a page is Brotli for a browser that accepts it, gzip or identity otherwise, and decodes to the same document", async ({
    baseURL,
  }) => {
    const brotli = await rawGet(baseURL!, "/en", { "accept-encoding": BROWSER_ENCODINGS });
    const gzip = await rawGet(baseURL!, "/en", { "accept-encoding": "gzip, deflate" });
    const refused = await rawGet(baseURL!, "/en", { "accept-encoding": "gzip, br;q=0" });
    const plain = await rawGet(baseURL!, "/en");

    expect([brotli.status, gzip.status, refused.status, plain.status]).toEqual([
      200, 200, 200, 200,
    ]);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(refused.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.headers["content-security-policy"]).toContain("frame-ancestors 'none'");

    const document = plain.body.toString();
    expect(document).toContain('<html lang="en"');
    expect(decode(brotli).toString()).toBe(document);
    expect(decode(gzip).toString()).toBe(document);
    // Most of a page is its Server Component payload, which repeats the markup further on than gzip's
    // 32 kB window can see; Brotli's window reaches it.
    expect(brotli.body.byteLength).toBeLessThan(gzip.body.byteLength * 0.85);
  });

  test("the home page's scripts and stylesheets come precompressed: the exact files, fewer bytes than gzip", async ({
    baseURL,
  }) => {
    const home = (await rawGet(baseURL!, "/")).body.toString();
    const assets = [...home.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1]!,
    );
    expect(assets.length).toBeGreaterThan(5);

    let brotliBytes = 0;
    let gzipBytes = 0;
    for (const asset of new Set(assets)) {
      const original = await rawGet(baseURL!, asset);
      const brotli = await rawGet(baseURL!, asset, { "accept-encoding": BROWSER_ENCODINGS });
      const gzip = await rawGet(baseURL!, asset, { "accept-encoding": "gzip" });
      expect(brotli.status, asset).toBe(200);
      expect(brotli.headers["content-encoding"], asset).toBe("br");
      expect(brotli.headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      expect(brotli.headers["content-type"], asset).toMatch(
        asset.endsWith(".css") ? /^text\/css/ : /^application\/javascript/,
      );
      expect(Number(brotli.headers["content-length"]), asset).toBe(brotli.body.byteLength);
      expect(brotli.headers["x-content-type-options"], asset).toBe("nosniff");
      expect(decode(brotli).equals(original.body), asset).toBe(true);
      expect(decode(gzip).equals(original.body), asset).toBe(true);
      brotliBytes += brotli.body.byteLength;
      gzipBytes += gzip.body.byteLength;
    }
    // Quality 11 at build time: about 15% under gzip on this build's chunks.
    expect(brotliBytes).toBeLessThan(gzipBytes * 0.92);
  });

  test("a precompressed asset answers HEAD without a body, a matching ETag with 304, and a gzip-first client with gzip", async ({
    baseURL,
  }) => {
    const home = (await rawGet(baseURL!, "/")).body.toString();
    const asset = /src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(home)![1]!;
    const headers = { "accept-encoding": BROWSER_ENCODINGS };

    const head = await rawGet(baseURL!, asset, headers, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.byteLength).toBe(0);

    const again = await rawGet(baseURL!, asset, {
      ...headers,
      "if-none-match": head.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);

    // A client that weights gzip above br gets gzip, here as on pages.
    const gzipFirst = await rawGet(baseURL!, asset, { "accept-encoding": "gzip, br;q=0.5" });
    expect(gzipFirst.headers["content-encoding"]).toBe("gzip");
  });

  test("paths outside the build's assets are never read from disk, whatever they claim", async ({
    baseURL,
  }) => {
    const headers = { "accept-encoding": BROWSER_ENCODINGS };
    for (const path of [
      "/_next/static/../../package.json",
      "/_next/static/chunks/..%2f..%2f..%2fpackage.json",
      "/_next/static/chunks/does-not-exist.js",
    ]) {
      const answer = await rawGet(baseURL!, path, headers);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(decode(answer).toString(), path).not.toContain('"dependencies"');
    }
  });

  test("a streamed Server Component payload decodes from Brotli to what the router asked for", async ({
    baseURL,
  }) => {
    const headers = { "accept-encoding": BROWSER_ENCODINGS, rsc: "1" };
    let brotli = await rawGet(baseURL!, "/en/blog", headers);
    // Next.js first sends the router to the address it keys that payload under (`?_rsc=…`).
    if (brotli.status === 307) brotli = await rawGet(baseURL!, brotli.headers.location!, headers);
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-type"]).toMatch(/^text\/x-component/);
    expect(brotli.headers["content-encoding"]).toBe("br");
    const payload = decode(brotli).toString();
    expect(payload.length).toBeGreaterThan(brotli.body.byteLength * 2);
    expect(payload).toContain("/en/blog/");
  });
});
