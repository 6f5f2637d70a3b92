// The production HTTP server: Next.js behind a thin layer that only this process controls. It hands
// the app the TCP peer's address in a header no client can forge (lib/http/client-address.ts), and
// answers the requests Next.js would turn into a bare-text 500 (TRACE, malformed percent-encoding)
// with our JSON error shape and security headers. Started by `npm start` (scripts/run-app.ts).
import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import {
  PEER_ADDRESS_HEADER,
  PEER_TOKEN_ENV,
  PEER_TOKEN_HEADER,
  normaliseAddress,
} from "@/lib/http/client-address";
import { apiMessage, callerLocale } from "@/lib/http/locale";
import { buildContentSecurityPolicy, buildSecurityHeaders } from "@/lib/security/headers";
import { site } from "@/lib/site";
import { isStaffPagePath } from "@/lib/staff/staff-paths";

const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function argValue(names: string[]): string | undefined {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => names.includes(arg));
  return index >= 0 ? args[index + 1] : undefined;
}

const port = Number(argValue(["-p", "--port"]) ?? process.env.PORT ?? 3000);
const hostname = argValue(["-H", "--hostname"]) ?? process.env.HOSTNAME ?? "0.0.0.0";

// A fresh secret per process: the app trusts the peer-address header only when it carries it.
process.env[PEER_TOKEN_ENV] = randomBytes(32).toString("base64url");

const securityHeaders = {
  ...buildSecurityHeaders({ isDev: false }),
  "Content-Security-Policy": buildContentSecurityPolicy({ isDev: false, site }),
};

function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  status: 400 | 405,
  extra: Record<string, string> = {},
) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers))
    if (typeof value === "string") headers.set(key, value);
  const locale = callerLocale(headers);
  const error =
    status === 405
      ? {
          code: "method_not_allowed",
          message: apiMessage(locale, "methodNotAllowed", { method: request.method ?? "" }),
        }
      : { code: "validation", message: apiMessage(locale, "badPath") };
  const body = JSON.stringify({ error });
  response.writeHead(status, {
    ...securityHeaders,
    ...extra,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

/** A path our routes can never match safely: undecodable, or a literal % once decoded (`%25`). */
function hasBadEncoding(rawUrl: string): boolean {
  const path = rawUrl.split("?")[0] ?? "";
  try {
    return decodeURIComponent(path).includes("%");
  } catch {
    return true;
  }
}

/** Staff pages are one person's view: never cached by anyone but that browser, keyed on the cookie. */
function keepPrivate(response: ServerResponse) {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    this.setHeader("Cache-Control", "private, no-store");
    const vary = String(this.getHeader("Vary") ?? "");
    if (!/\bcookie\b/i.test(vary)) this.setHeader("Vary", vary ? `${vary}, Cookie` : "Cookie");
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

async function main() {
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((request, response) => {
    // Whatever the client sent under our names is dropped; only the socket speaks here.
    delete request.headers[PEER_ADDRESS_HEADER];
    delete request.headers[PEER_TOKEN_HEADER];
    const peer = normaliseAddress(request.socket.remoteAddress ?? "");
    if (peer) {
      request.headers[PEER_ADDRESS_HEADER] = peer;
      request.headers[PEER_TOKEN_HEADER] = process.env[PEER_TOKEN_ENV];
    }

    if (!ROUTED_METHODS.has(request.method ?? "")) {
      refuse(request, response, 405, { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" });
      return;
    }
    const url = request.url ?? "/";
    if (hasBadEncoding(url)) {
      refuse(request, response, 400);
      return;
    }
    if (isStaffPagePath(url.split("?")[0] ?? "/")) keepPrivate(response);
    void handle(request, response);
  });
  // Behind a balancer, idle keep-alive sockets must outlive the balancer's own timeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, hostname, () =>
    console.log(`[avanza] production server ready on http://${hostname}:${port}`),
  );

  // The job worker (instrumentation.ts) finishes the jobs in hand before the process ends.
  const stopJobWorker = (globalThis as { stopJobWorker?: () => Promise<void> }).stopJobWorker;
  let isClosing = false;
  const close = () => {
    if (isClosing) return;
    isClosing = true;
    server.close();
    void (stopJobWorker?.() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  process.on("SIGINT", close);
  process.on("SIGTERM", close);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
