// The production HTTP server: Next.js behind a thin layer that only this process controls. It hands
// the app the TCP peer's address in a header no client can forge (lib/http/client-address.ts), and
// answers the requests Next.js would turn into a bare-text 500 (TRACE, malformed percent-encoding)
// with our JSON error shape and security headers. Started by `npm start` (scripts/run-app.ts).
// The analytics beacon (POST /api/analytics/event), lead capture (POST /api/leads), the public endpoints
// strangers can call in bulk (sign-in, password links, PDF verification, the client's signature), and the
// two staff reads a sales team calls all day (the lead list and the pipeline board), are answered here by
// the very route handlers Next.js would run, without Next.js's router (docs/decisions/009-beacon-fast-path.md,
// 016-public-endpoints-fast-path.md). Compression is done here too (next.config.ts turns Next.js's own
// off): Brotli for browsers that accept it, gzip otherwise.
import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { register } from "node:module";
import path from "node:path";
import v8 from "node:v8";
import zlib from "node:zlib";
import compression from "compression";
import next from "next";
import { INGEST_PATH } from "@/lib/analytics/events";
import {
  PEER_ADDRESS_HEADER,
  PEER_TOKEN_ENV,
  PEER_TOKEN_HEADER,
  normaliseAddress,
} from "@/lib/http/client-address";
import { apiMessage, callerLocale } from "@/lib/http/locale";
import { pathProblemOf } from "@/lib/http/request-path";
import { buildContentSecurityPolicy, buildSecurityHeaders } from "@/lib/security/headers";
import { site } from "@/lib/site";
import { isStaffPagePath } from "@/lib/staff/staff-paths";
import type { RouteHandler } from "@/lib/http/route";
import { createBrotliAssetServer, isBrotliAssetRequest } from "./lib/static-brotli";

/** A route the front door answers itself, with the handler Next.js would run for it. */
interface FastRoute {
  method: "GET" | "POST";
  /** The route's path parameters when `pathname` is exactly this route's path, else null. */
  match: (pathname: string) => Record<string, string> | null;
  handler: RouteHandler;
}

interface FastRoutes {
  routes: FastRoute[];
  NextRequest: typeof import("next/server").NextRequest;
}

const NEXT_ROUTE_VARY =
  "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function argValue(names: string[]): string | undefined {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => names.includes(arg));
  return index >= 0 ? args[index + 1] : undefined;
}

/**
 * Every socket read of a request body is a new Buffer outside the JavaScript heap, and almost all of them
 * are garbage a moment later. By default V8 answers each 64 MB of such memory with a full mark-compact of
 * the whole heap (about 140 MB here, 10–20 ms of this thread each), several times a second while uploads
 * stream in; counted in the global heap limit instead, they go with the cheap young-generation
 * collections (docs/decisions/031-upload-buffers-in-the-heap-limit.md). V8 12 (Node.js 22) has no such
 * flag and keeps its default.
 */
function countUploadBuffersInHeapLimit() {
  if (Number(process.versions.v8.split(".")[0]) >= 13)
    v8.setFlagsFromString("--external-memory-accounted-in-global-limit");
}
countUploadBuffersInHeapLimit();

const port = Number(argValue(["-p", "--port"]) ?? process.env.PORT ?? 3000);
const hostname = argValue(["-H", "--hostname"]) ?? process.env.HOSTNAME ?? "0.0.0.0";

// A fresh secret per process: the app trusts the peer-address header only when it carries it.
process.env[PEER_TOKEN_ENV] = randomBytes(32).toString("base64url");

const securityHeaders = {
  ...buildSecurityHeaders({ isDev: false }),
  "Content-Security-Policy": buildContentSecurityPolicy({ isDev: false, site }),
};

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

// Pages, Server Component payloads and API answers, compressed as they stream (Next.js flushes through
// the `flush` this adds). Brotli quality 5 takes about as long as gzip on the home page (3 ms) and sends
// 27% fewer bytes; quality 11 would take 170 ms. The build's scripts and stylesheets are precompressed.
const compress = compression({
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
}) as unknown as Middleware;

const serveBrotliAsset = createBrotliAssetServer(
  path.join(process.cwd(), ".next", "static"),
  securityHeaders,
);

function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  status: 400 | 405,
  extra: Record<string, string> = {},
  pathProblem: "badPath" | "badPathSegment" = "badPath",
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
      : { code: "validation", message: apiMessage(locale, pathProblem) };
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

/** What a client may still send after an early answer before the connection is cut instead. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** How long it may take to send it. */
const DRAIN_LIMIT_MS = 10_000;

/**
 * An answer that goes out before the client has finished sending its body (an upload refused from its
 * first bytes or past its cap): the rest of the body is read and dropped, as Node.js does for a handler
 * that never read it. Closing at once instead would reset the connection while the client is still
 * sending, and its network stack then throws our answer away: it would see "connection reset", never
 * the 413. A client that keeps sending past the limit, or too slowly, has its connection cut.
 */
function drainIfAnsweredEarly(request: IncomingMessage, response: ServerResponse) {
  // Before Node.js's own listener, which would otherwise drop an unread body without counting it.
  response.prependOnceListener("finish", () => {
    if (request.complete) return;
    // Whoever was reading the body is done with it: its listeners would only buffer what is dropped.
    request.removeAllListeners("data");
    let dropped = 0;
    const cut = () => request.socket.destroy();
    const timer = setTimeout(cut, DRAIN_LIMIT_MS);
    timer.unref();
    request.on("data", (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > DRAIN_LIMIT_BYTES) cut();
    });
    request.once("close", () => clearTimeout(timer));
    request.resume();
  });
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

const exactly =
  (path: string) =>
  (pathname: string): Record<string, string> | null =>
    pathname === path ? {} : null;

/** `/api/ai/proposals/{token}/signature`, the token decoded as Next.js decodes a dynamic segment. */
function clientSignaturePath(pathname: string): Record<string, string> | null {
  const match = /^\/api\/ai\/proposals\/([^/]+)\/signature$/.exec(pathname);
  return match ? { token: decodeURIComponent(match[1]!) } : null;
}

/**
 * The fast routes' handlers, loaded as Node.js modules. Their services' `import "server-only"` guard
 * is for bundles that could reach a browser; a resolve hook (as for the job worker, see
 * scripts/lib/server-only-hook.mjs) lets this server load them. Registered before the dynamic imports,
 * so it applies to that module graph. Called once Next.js is prepared: `next/server` needs the request
 * storage Next.js sets up.
 */
async function loadFastRoutes(): Promise<FastRoutes> {
  register(
    `data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
      if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
      return next(specifier, context);
    }`)}`,
  );
  type RouteModule = { POST: RouteHandler };
  type ReadModule = { GET: RouteHandler };
  const [
    beacon,
    leadCapture,
    passwordReset,
    setPassword,
    verify,
    clientSignature,
    signIn,
    leads,
    board,
  ] = await Promise.all([
    import("@/app/api/analytics/event/route") as Promise<RouteModule>,
    import("@/app/api/leads/route") as Promise<RouteModule>,
    import("@/app/api/staff/password-reset/route") as Promise<RouteModule>,
    import("@/app/api/staff/password/route") as Promise<RouteModule>,
    import("@/app/api/proposals/verify/route") as Promise<RouteModule>,
    import("@/app/api/ai/proposals/[token]/signature/route") as Promise<RouteModule>,
    import("@/app/api/crm/auth/route") as Promise<RouteModule>,
    import("@/app/api/crm/leads/route") as Promise<ReadModule>,
    import("@/app/api/crm/board/route") as Promise<ReadModule>,
  ]);
  const { NextRequest } = await import("next/server");
  return {
    routes: [
      { method: "POST", match: exactly(INGEST_PATH), handler: beacon.POST },
      { method: "POST", match: exactly("/api/leads"), handler: leadCapture.POST },
      { method: "POST", match: exactly("/api/staff/password-reset"), handler: passwordReset.POST },
      { method: "POST", match: exactly("/api/staff/password"), handler: setPassword.POST },
      { method: "POST", match: exactly("/api/proposals/verify"), handler: verify.POST },
      { method: "POST", match: clientSignaturePath, handler: clientSignature.POST },
      { method: "POST", match: exactly("/api/crm/auth"), handler: signIn.POST },
      { method: "GET", match: exactly("/api/crm/leads"), handler: leads.GET },
      { method: "GET", match: exactly("/api/crm/board"), handler: board.GET },
    ],
    NextRequest,
  };
}

/**
 * The request's body as a web stream that the handler may stop reading at any point: an upload refused
 * from its first bytes cancels it, and the bytes still arriving are dropped (see drainIfAnsweredEarly).
 * `Readable.toWeb` throws an uncaught "Controller is already closed" when bytes arrive after such a
 * cancel.
 */
function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  let isDone = false;
  let isListening = false;
  const listen = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    isListening = true;
    request.on("data", (chunk: Buffer) => {
      if (isDone) return;
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      // Backpressure: the socket waits until the handler asks for more.
      if ((controller.desiredSize ?? 0) <= 0) request.pause();
    });
    request.once("end", () => {
      if (isDone) return;
      isDone = true;
      controller.close();
    });
    request.once("error", (error) => {
      if (isDone) return;
      isDone = true;
      controller.error(error);
    });
  };
  // Nothing is read until the handler reads (a refusal by the declared length reads nothing, as
  // through Next.js); then one chunk per read.
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!isListening) listen(controller);
        request.resume();
      },
      cancel() {
        isDone = true;
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Runs `handler` on the Node.js request as Next.js would (a NextRequest streaming the same body, the
 * route's empty params) and writes its answer with the headers next.config.ts gives every response.
 * The handler itself does everything else: limits, validation, error shape.
 */
async function answerWith(
  handler: RouteHandler,
  params: Record<string, string>,
  NextRequest: FastRoutes["NextRequest"],
  request: IncomingMessage,
  response: ServerResponse,
) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  let answer: Response;
  try {
    const url = new URL(
      request.url ?? "/",
      `http://${request.headers.host ?? `${hostname}:${port}`}`,
    );
    const hasBody = request.method !== "GET";
    answer = await handler(
      new NextRequest(url, {
        method: request.method,
        headers,
        ...(hasBody ? { body: bodyStream(request), duplex: "half" } : {}),
      }),
      { params: Promise.resolve(params) },
    );
  } catch (error) {
    // route() turns every failure into an answer, so only this conversion can land here: a logged 500.
    console.error("[front-door] fast route", request.url, error);
    answer = Response.json(
      { error: { code: "internal", message: apiMessage(callerLocale(headers), "internal") } },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
  const body = Buffer.from(await answer.arrayBuffer());
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(securityHeaders)) out[key.toLowerCase()] = value;
  answer.headers.forEach((value, key) => {
    // Next.js's own channel between its layers (cookies set through NextResponse), never sent.
    if (!key.startsWith("x-middleware-")) out[key] = value;
  });
  // What a route handler's answer carries under `npm start`: Next.js's router cache keys, the handler's
  // own (Cookie, for sign-in), then the Accept-Encoding that this server's compression adds.
  out.vary = [NEXT_ROUTE_VARY, answer.headers.get("vary"), "Accept-Encoding"]
    .filter(Boolean)
    .join(", ");
  out["content-length"] = String(body.byteLength);
  // Each cookie is its own header line (Headers.forEach would join them with commas).
  const cookies = answer.headers.getSetCookie();
  delete out["set-cookie"];
  response.writeHead(answer.status, cookies.length ? { ...out, "set-cookie": cookies } : out);
  response.end(body);
}

async function main() {
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const fast = await loadFastRoutes();
  // The client's signature (a fast route) seals its PDF in this module graph's PDF worker, with the
  // certificate made or opened now rather than during the first signature. A failure here (the database
  // not up yet) is only logged: the first signature makes it then.
  (await import("@/lib/proposals/pdf/pdf-worker-pool")).warmPdfWorker();
  const { prepareSigningCertificate } = await import("@/lib/proposals/pdf-signature");
  void prepareSigningCertificate().catch((error: unknown) =>
    console.error("[front-door] signing certificate", error),
  );

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
    drainIfAnsweredEarly(request, response);
    const pathProblem = pathProblemOf(url);
    if (pathProblem) {
      refuse(request, response, 400, {}, pathProblem);
      return;
    }
    const pathname = url.split("?")[0] ?? "/";
    // Only the declared method: every other method of these routes (405, HEAD, OPTIONS) is Next.js's.
    for (const route of fast.routes) {
      if (route.method !== request.method) continue;
      const params = route.match(pathname);
      if (!params) continue;
      const answer = () =>
        void answerWith(route.handler, params, fast.NextRequest, request, response);
      // A page of leads is tens of kilobytes: compressed as Next.js's answers are.
      if (route.method === "GET") compress(request, response, answer);
      else answer();
      return;
    }
    const handOn = () => {
      if (isStaffPagePath(pathname)) keepPrivate(response);
      compress(request, response, () => void handle(request, response));
    };
    if (!isBrotliAssetRequest(request)) {
      handOn();
      return;
    }
    void serveBrotliAsset(request, response).then(
      (answered) => answered || handOn(),
      (error: unknown) => {
        console.error("[front-door] static asset", error);
        if (!response.headersSent) handOn();
        else response.destroy();
      },
    );
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
