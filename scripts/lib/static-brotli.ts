// Brotli for the build's immutable scripts and stylesheets. `npm run build` writes a `.br` copy beside
// each one at Brotli's strongest setting (scripts/precompress-static.ts), which is too slow to run per
// request but costs nothing once at build time: about 15% fewer bytes than gzip for the framework's
// chunks (docs/performance.md). The front door answers a browser that prefers br with that copy; any
// other request, or a build without the copies, goes to Next.js as before.
import { createReadStream } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotliCompress = promisify(zlib.brotliCompress);

const CONTENT_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};

/** Only hashed build files: letters, digits and `_-.~/`, no `..`, ending in a precompressed type. */
const ASSET_PATH = /^\/_next\/static\/(?!.*\.\.)[\w\-./~]+\.(?:js|css)$/;

const BROTLI_SUFFIX = ".br";

/**
 * Whether a request's Accept-Encoding makes Brotli the encoding to send, as the compression middleware
 * decides for everything else: br needs a non-zero weight (its own, or `*`'s when not named) at least as
 * high as gzip's and deflate's; on a tie Brotli wins. No header means identity.
 */
export function prefersBrotli(header: string | undefined): boolean {
  if (!header) return false;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [token = "", ...params] = part.toLowerCase().split(";");
    const weightParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = weightParam ? Number(weightParam.slice(2)) : 1;
    if (token.trim()) weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const brotli = weightOf("br");
  return brotli > 0 && brotli >= weightOf("gzip") && brotli >= weightOf("deflate");
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  files: number;
  originalBytes: number;
  brotliBytes: number;
}

/** Writes `<file>.br` at quality 11 beside every script and stylesheet under `dir`. */
export async function precompressDirectory(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, originalBytes: 0, brotliBytes: 0 };
  for await (const file of filesUnder(dir)) {
    if (!(path.extname(file) in CONTENT_TYPES)) continue;
    const original = await readFile(file);
    const compressed = await brotliCompress(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.byteLength,
      },
    });
    await writeFile(file + BROTLI_SUFFIX, compressed);
    result.files += 1;
    result.originalBytes += original.byteLength;
    result.brotliBytes += compressed.byteLength;
  }
  return result;
}

/**
 * Whether a request is one the precompressed copies could answer: GET or HEAD of a build script or
 * stylesheet from a browser that prefers br. Synchronous, so the front door sends only these requests
 * through the (asynchronous) file lookup and everything else straight on to Next.js.
 */
export function isBrotliAssetRequest(request: IncomingMessage): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = (request.url ?? "").split("?")[0] ?? "";
  return ASSET_PATH.test(pathname) && prefersBrotli(request.headers["accept-encoding"]);
}

/**
 * A handler for GET and HEAD of `/_next/static/…` scripts and stylesheets that answers with the
 * precompressed copy when the browser prefers br and the copy exists. Resolves false when it did not
 * answer, so the caller hands the request on. `headers` are the ones every response carries.
 */
export function createBrotliAssetServer(staticDir: string, headers: Record<string, string>) {
  const root = path.resolve(staticDir);
  return async function serveBrotliAsset(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<boolean> {
    if (!isBrotliAssetRequest(request)) return false;
    const pathname = (request.url ?? "").split("?")[0] ?? "";
    const file = path.join(root, pathname.slice("/_next/static/".length));
    if (!file.startsWith(root + path.sep)) return false;
    const compressed = file + BROTLI_SUFFIX;
    const info = await stat(compressed).catch(() => null);
    if (!info?.isFile()) return false;

    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-br"`;
    const common = {
      ...headers,
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: etag,
      "Last-Modified": info.mtime.toUTCString(),
      Vary: "Accept-Encoding",
    };
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, common);
      response.end();
      return true;
    }
    response.writeHead(200, {
      ...common,
      "Content-Type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
      "Content-Encoding": "br",
      "Content-Length": info.size,
    });
    if (request.method === "HEAD") {
      response.end();
      return true;
    }
    const body = createReadStream(compressed);
    body.on("error", () => response.destroy());
    body.pipe(response);
    return true;
  };
}
