import http from "node:http";

export interface LoadResult {
  requests: number;
  errors: number;
  nonOk: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  /** Extra headers per request (e.g. a varying client address), merged over `headers`. */
  requestHeaders?: () => Record<string, string>;
  /** Builds each request body; called once per request so bodies can differ (a Buffer is sent as is). */
  body?: () => string | Buffer;
  /** Counted as success; anything else is counted in nonOk. */
  isOk?: (status: number) => boolean;
  /** Answers counted per status code (and "error" for a failed connection), when given. */
  statusCounts?: Map<string, number>;
  /** Receives every answer's status and body text (bodies are only read when this is given). */
  onResponse?: (status: number, body: string) => void;
  /**
   * Requests started per second over all connections (an attacker's pace), instead of each
   * connection sending the next request as soon as the last is answered. Behind schedule, the
   * connections send back to back.
   */
  ratePerSecond?: number;
}

/**
 * A small closed-loop load generator: `connections` keep-alive clients each send the next request
 * as soon as the previous answer arrives, for a fixed time. Loopback only; it stops by itself.
 */
export async function runLoad({
  url,
  connections,
  durationSeconds,
  method = "GET",
  headers = {},
  requestHeaders,
  body,
  isOk = (s) => s >= 200 && s < 400,
  onResponse,
  statusCounts,
  ratePerSecond,
}: LoadOptions): Promise<LoadResult> {
  const target = new URL(url);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(target.hostname))
    throw new Error("load tests only target this machine");
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let nonOk = 0;
  const endAt = performance.now() + durationSeconds * 1000;
  const startedAt = performance.now();

  const once = () =>
    new Promise<void>((resolve) => {
      const payload = body?.();
      const sent = {
        ...headers,
        ...requestHeaders?.(),
        ...(payload ? { "content-length": String(Buffer.byteLength(payload)) } : {}),
      };
      const t0 = performance.now();
      const req = http.request(target, { method, agent, headers: sent }, (res) => {
        let text = "";
        if (onResponse) {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
        } else res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - t0);
          if (!isOk(res.statusCode ?? 0)) nonOk++;
          const status = String(res.statusCode ?? 0);
          statusCounts?.set(status, (statusCounts.get(status) ?? 0) + 1);
          onResponse?.(res.statusCode ?? 0, text);
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        statusCounts?.set("error", (statusCounts.get("error") ?? 0) + 1);
        resolve();
      });
      if (payload) req.write(payload);
      req.end();
    });

  let nextStartAt = performance.now();
  const waitForTurn = async () => {
    if (!ratePerSecond) return;
    const at = nextStartAt;
    nextStartAt += 1000 / ratePerSecond;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (;;) {
        await waitForTurn();
        if (performance.now() >= endAt) break;
        await once();
      }
    }),
  );
  agent.destroy();

  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    errors,
    nonOk,
    durationSeconds: elapsed,
    requestsPerSecond: latencies.length / elapsed,
    latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies.at(-1) ?? NaN },
  };
}

export function formatLoad(label: string, r: LoadResult): string {
  const f = (n: number) => n.toFixed(1);
  return `${label}: ${f(r.requestsPerSecond)} req/s, p50 ${f(r.latencyMs.p50)} ms, p95 ${f(r.latencyMs.p95)} ms, p99 ${f(r.latencyMs.p99)} ms, max ${f(r.latencyMs.max)} ms (${r.requests} requests, ${r.nonOk} non-2xx/3xx, ${r.errors} errors, ${f(r.durationSeconds)} s)`;
}
