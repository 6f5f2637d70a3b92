import http from "node:http";
import zlib from "node:zlib";

/** Every script the document would run or fetch: inline and external `<script>`, and script preloads. */
const SCRIPT_TAG = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const SCRIPT_PRELOAD = /<link\b[^>]*\b(?:as="script"|rel="modulepreload")[^>]*>/gi;

/** The document with every script removed: what our markup and CSS alone cost, the floor for the page. */
export function withoutScripts(html: string): string {
  return html.replace(SCRIPT_TAG, "").replace(SCRIPT_PRELOAD, "");
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  return body;
}

function encode(body: Buffer, encoding: string | undefined): Buffer {
  // The quality the front door streams pages at, so the scriptless page is not smaller for a stronger setting.
  if (encoding === "br")
    return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === "gzip") return zlib.gzipSync(body);
  if (encoding === "deflate") return zlib.deflateSync(body);
  return body;
}

/**
 * A loopback proxy in front of the app that serves every page as the app does, with the same headers and
 * compression, but with its scripts removed; styles, fonts and images pass through untouched.
 */
export async function startWithoutScriptsProxy(
  appBaseUrl: string,
  port: number,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const app = new URL(appBaseUrl);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: app.hostname,
        port: app.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: app.host },
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (typeof headers.location === "string")
          headers.location = headers.location.replace(appBaseUrl, baseUrl);
        if (!String(headers["content-type"] ?? "").startsWith("text/html")) {
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const encoding = headers["content-encoding"];
          const html = decode(Buffer.concat(chunks), encoding).toString("utf8");
          const body = encode(Buffer.from(withoutScripts(html), "utf8"), encoding);
          delete headers["transfer-encoding"];
          headers["content-length"] = String(body.length);
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    baseUrl,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
