// The analytics beacon's fast path (docs/decisions/009): `npm start` answers POST /api/analytics/event
// in its own front door by calling the route handler directly. The same requests go to that server and
// to Next.js's own `next start`, where the route runs through Next's router, each on a database of its
// own: every answer (status, body and headers) must be the same, refusals included.
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import type { RunningApp } from "@/scripts/lib/app-process";
import { BROWSER_UA, makeEvent } from "../../support/analytics";
import {
  fastPathEnv,
  sendFor,
  startServerPair,
  type Answer,
  type ServerPair,
} from "../../e2e/support/fast-path";

const BASE_PORT = Number(process.env.E2E_PORT || 3100) + 410;
const PATH = "/api/analytics/event";
/** Small, so the per-address limit is reached within the test. */
const PER_ADDRESS = 4;
const env = (databaseUrl: string): NodeJS.ProcessEnv =>
  fastPathEnv(databaseUrl, {
    STAFF_OWNER_EMAIL: "beacon-owner@example.com",
    STAFF_OWNER_PASSWORD: "beacon-owner-password",
    SESSION_SECRET: "beacon-fast-path-session-secret-0000000000",
    ANALYTICS_RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
    ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "100000",
  });

interface Case {
  name: string;
  /** The request for a server at `origin` (same-origin checks compare with the server's own). */
  request: (origin: string) => RequestInit & { query?: string };
}

let lastAddress = 0;
/** A client address of its own for each request, so only the limit case meets the per-address limit. */
const address = () => `203.0.113.${++lastAddress}`;
const json = { "content-type": "application/json", "user-agent": BROWSER_UA };

type Build = (origin: string, headers: Record<string, string>) => RequestInit & { query?: string };

function cases(): Case[] {
  const valid = makeEvent();
  const batch = [
    makeEvent(),
    makeEvent({ event_type: "nope" }),
    makeEvent({ user_id: "bad\u0000id" }),
  ];
  const big = JSON.stringify({ events: [makeEvent({ metadata: { pad: "x".repeat(70_000) } })] });
  const post =
    (body: BodyInit, extra: Record<string, string> = {}): Build =>
    (_, headers) => ({
      method: "POST",
      headers: { ...headers, ...extra },
      body,
    });
  const list: [string, Build][] = [
    [
      "a batch with bad events: 202, each rejected event with its index and reason",
      (origin, headers) => ({
        method: "POST",
        headers: { ...headers, origin, "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ events: batch }),
      }),
    ],
    [
      "one event sent by sendBeacon as text/plain: 202",
      post(JSON.stringify(valid), { "content-type": "text/plain;charset=UTF-8" }),
    ],
    ["a retried event is accepted and stored once: 202", post(JSON.stringify(valid))],
    ["malformed JSON: 400", post("{not json")],
    [
      "no valid event at all: 400 naming them",
      post(JSON.stringify({ events: [makeEvent({ event_type: "nope" })] })),
    ],
    ["not an event nor a batch: 400", post(JSON.stringify({ events: "x" }))],
    ["a form post: 415", post("a=1", { "content-type": "application/x-www-form-urlencoded" })],
    ["a body over 64 KiB with its length declared: 413", post(big)],
    [
      "a body over 64 KiB streamed without a length: 413",
      (_, headers) => ({
        method: "POST",
        headers,
        body: streamed(big),
        duplex: "half",
      }),
    ],
    [
      "a query string: 400",
      (_, headers) => ({ ...post(JSON.stringify(valid))(_, headers), query: "?debug=1" }),
    ],
    [
      "another site's page (Origin): 403",
      post(JSON.stringify(makeEvent()), { origin: "https://evil.example" }),
    ],
    [
      "another site's page (Sec-Fetch-Site): 403",
      post(JSON.stringify(makeEvent()), { "sec-fetch-site": "cross-site" }),
    ],
    [
      "a crawler: 202 with every event rejected",
      post(JSON.stringify(makeEvent()), {
        "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
      }),
    ],
    [
      "answers a Spanish caller in Spanish",
      post("x", { "accept-language": "es-ES", "content-type": "text/html" }),
    ],
    ...["GET", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].map((method): [string, Build] => [
      `${method}: as Next.js answers it`,
      (_, headers) => ({ method, headers }),
    ]),
  ];
  // One client address per case, the same for both servers.
  return list.map(([name, build]) => {
    const headers = { ...json, "x-forwarded-for": address() };
    return { name, request: (origin) => build(origin, headers) };
  });
}

function send(baseUrl: string, { query = "", ...init }: RequestInit & { query?: string }) {
  return sendFor(`${baseUrl}${PATH}${query}`, init);
}

/**
 * Next.js itself now and then resets the connection of an upload it refused midway (measured: 5 times
 * in 400), so the reference answer gets up to three tries; the front door gets one (see below).
 */
async function sendToNext(baseUrl: string, request: () => RequestInit & { query?: string }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(baseUrl, request());
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** An upload of `body` without a declared length, in 10 kB chunks. */
function streamed(body: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < body.length; at += 10_000)
        controller.enqueue(new TextEncoder().encode(body.slice(at, at + 10_000)));
      controller.close();
    },
  });
}

test.describe("POST /api/analytics/event in the front door", () => {
  let servers: ServerPair;
  let front: RunningApp;
  let nextAlone: ServerPair["nextAlone"];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    servers = await startServerPair(BASE_PORT, env);
    ({ front, nextAlone } = servers);
  });

  test.afterAll(async () => {
    await servers?.stop();
  });

  test("answers every request exactly as the Next.js route does", async () => {
    test.setTimeout(120_000);
    for (const { name, request } of cases()) {
      const fast = await send(front.baseUrl, request(front.baseUrl));
      const routed = await sendToNext(nextAlone.baseUrl, () => request(nextAlone.baseUrl));
      expect(fast, name).toEqual(routed);
    }
  });

  test("keeps the rules: error shape, security headers, limits", async () => {
    const base = front.baseUrl;
    const accepted = await send(base, {
      method: "POST",
      headers: { ...json, "x-forwarded-for": address(), origin: base },
      body: JSON.stringify({ events: [makeEvent(), makeEvent({ event_type: "nope" })] }),
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ accepted: 1, rejected: 1, errors: [{ index: 1 }] });
    expect(accepted.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(accepted.headers["x-frame-options"]).toBe("DENY");

    const crossSite = await send(base, {
      method: "POST",
      headers: { ...json, origin: "https://evil.example" },
      body: JSON.stringify(makeEvent()),
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ error: { code: "forbidden" } });
    expect(crossSite.headers["x-content-type-options"]).toBe("nosniff");
    expect(crossSite.headers["cache-control"]).toBe("no-store");

    // One address over its allowance: 429 with Retry-After, in our shape, on both servers alike.
    const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[][] = [[], []];
    let throttled: Answer | undefined;
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      const body = JSON.stringify(makeEvent({ event_id: `evt_${randomUUID()}` }));
      const headers = { ...json, "x-forwarded-for": client };
      const fast = await send(base, { method: "POST", headers, body });
      const routed = await send(nextAlone.baseUrl, { method: "POST", headers, body });
      statuses[0]!.push(fast.status);
      statuses[1]!.push(routed.status);
      if (fast.status === 429) {
        throttled = fast;
        expect(fast.body).toEqual(routed.body);
      }
    }
    expect(statuses[0]).toEqual([...Array(PER_ADDRESS).fill(202), 429]);
    expect(statuses[1]).toEqual(statuses[0]);
    expect(throttled!.body).toMatchObject({ error: { code: "throttled" } });
    expect(Number(throttled!.headers["retry-after"])).toBeGreaterThan(0);
  });

  test("answers every upload refused midway with its 413, never a reset connection", async () => {
    // Closing the connection right after the answer reset it while the client was still sending, and
    // the client then lost the answer: about one upload in five failed so.
    const big = JSON.stringify({ events: [makeEvent({ metadata: { pad: "x".repeat(70_000) } })] });
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await send(front.baseUrl, {
        method: "POST",
        headers: { ...json, "x-forwarded-for": address() },
        body: streamed(big),
        duplex: "half",
      } as RequestInit).catch((error: Error) => String(error.cause ?? error));
      statuses.push(typeof answer === "string" ? answer : answer.status);
    }
    expect(statuses).toEqual(Array(40).fill(413));
  });

  for (const framing of ["chunked", "declared"] as const)
    test(`drops what a refused upload still sends only up to a limit, then cuts the connection (${framing})`, async () => {
      const url = new URL(front.baseUrl);
      const socket = connect(Number(url.port), url.hostname);
      await new Promise((resolve) => socket.once("connect", resolve));
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
      socket.on("error", () => {});
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      // Chunked: refused past 64 KiB read. Declared: refused by its length alone, nothing read.
      const send = (text: string) =>
        socket.write(framing === "chunked" ? `${text.length.toString(16)}\r\n${text}\r\n` : text);
      const length =
        framing === "chunked"
          ? "Transfer-Encoding: chunked"
          : `Content-Length: ${64 * 1024 * 1024}`;
      socket.write(
        `POST ${PATH} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
          `User-Agent: ${BROWSER_UA}\r\nX-Forwarded-For: ${address()}\r\n${length}\r\n\r\n`,
      );
      send(`{"events":[{"pad":"${"x".repeat(70_000)}`);
      await expect.poll(() => received, { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 413 /);

      // Past the answer, well within the limit: still read, the connection still open.
      for (let sent = 0; sent < 256 * 1024; sent += 16 * 1024) send("y".repeat(16 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(socket.destroyed).toBe(false);

      // A client that goes on sending past a mebibyte has its connection cut, long before the 10 s that
      // a stalled one gets, and long before 32 MiB (loopback buffers hold a few).
      const startedAt = Date.now();
      let sent = 0;
      while (!socket.destroyed && sent < 32 * 1024 * 1024) {
        const isFlowing = send("z".repeat(64 * 1024));
        sent += 64 * 1024;
        if (!isFlowing)
          await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
      }
      await closed;
      expect(sent).toBeLessThan(32 * 1024 * 1024);
      expect(Date.now() - startedAt).toBeLessThan(5_000);
    });
});
