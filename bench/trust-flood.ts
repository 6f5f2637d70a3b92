// Strangers flooding the trust endpoints while real people use them. From rotating addresses (the
// load generator stands in for one trusted proxy, TRUSTED_PROXY_HOPS=1): wrong passwords for the
// owner and for unknown e-mails, reset requests, set-password calls with made-up links, verify
// uploads of junk and of fake PDFs, and blank or oversized signatures on the real client link.
// Meanwhile the owner signs in (from the browser they used before), the client signs the proposal
// and someone verifies the sealed PDF. Prints each real user's outcome and the health check's p95
// before and during the flood; exits 1 when a real user is refused or the p95 grows more than 3x.
//   npm run build && npm run bench:trust-flood   (BENCH_SECONDS, BENCH_RATE, BENCH_CONNECTIONS, BENCH_ONLY=verify,signature to vary)
import { randomBytes } from "node:crypto";
import { startApp } from "@/scripts/lib/app-process";
import { signaturePng } from "@/tests/support/signature-png";
import { proposalData } from "@/tests/support/proposals";
import {
  BENCH_STAFF_EMAIL,
  BENCH_STAFF_PASSWORD,
  benchAppEnv,
  formatLoadAverage,
  requireProductionBuild,
  runBenchmark,
  withBenchDatabase,
} from "./lib/bench-harness";
import { formatLoad, runLoad, type LoadOptions, type LoadResult } from "./lib/load";

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
/** Connections per flooded endpoint (six endpoints), at most this many requests in flight each. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 4);
/**
 * Requests per second per flooded endpoint: "a few dozen a second" is what slowed every request by
 * two orders of magnitude before. A closed loop instead measures only how fast this machine is.
 */
const RATE = Number(process.env.BENCH_RATE || 25);
/** Only the floods whose path contains one of these (comma-separated), to see what each costs. */
const ONLY = (process.env.BENCH_ONLY || "").split(",").filter(Boolean);
const port = Number(process.env.BENCH_PORT || 3317);
/** The p95 of the health check during the flood may be at most this many times the one before. */
const MAX_SLOWDOWN = 3;

let addressCounter = 0;
/** A different client address per request: no per-address limit ever sees one twice in a row. */
const rotatingAddress = () => {
  const n = addressCounter++;
  return { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
};

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: () => JSON.stringify(body),
});

function multipart(file: Buffer): { contentType: string; body: Buffer } {
  const boundary = `----trust-flood-${randomBytes(6).toString("hex")}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** Cookies a response set, as name=value pairs to send back (the session, a device cookie…). */
const cookiesOf = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

async function main() {
  requireProductionBuild();
  await withBenchDatabase(async (database) => {
    const app = await startApp({ port, env: benchAppEnv(database.url) });
    const base = app.baseUrl;
    const owner = { "x-forwarded-for": "192.0.2.10", origin: base };
    const client = { "x-forwarded-for": "192.0.2.20" };
    try {
      // The owner has signed in from this browser before: whatever it was given, it sends again.
      const first = await fetch(`${base}/api/crm/auth`, {
        method: "POST",
        headers: { ...owner, "content-type": "application/json" },
        body: JSON.stringify({ email: BENCH_STAFF_EMAIL, password: BENCH_STAFF_PASSWORD }),
      });
      if (!first.ok) throw new Error(`the owner's first sign-in failed: ${first.status}`);
      const browserCookies = cookiesOf(first);
      const session = browserCookies.join("; ");
      const created = await fetch(`${base}/api/crm/proposals`, {
        method: "POST",
        headers: { ...owner, cookie: session, "content-type": "application/json" },
        body: JSON.stringify({ data: proposalData() }),
      }).then((r) => r.json() as Promise<{ id: string; token: string }>);
      const shared = await fetch(`${base}/api/crm/proposals/${created.id}/share`, {
        method: "POST",
        headers: { ...owner, cookie: session },
      });
      if (!shared.ok) throw new Error(`sharing the proposal failed: ${shared.status}`);
      const read = (await fetch(`${base}/api/ai/proposals/${created.token}`, {
        headers: client,
      }).then((r) => r.json())) as { version: number; content_sha256: string };

      const health = () =>
        // Probed as a balancer would, at a steady pace, so the probe is not itself a load.
        runLoad({
          url: `${base}/api/health`,
          connections: 2,
          ratePerSecond: 20,
          durationSeconds: 8,
        });
      const before = await health();

      const blank = signaturePng({ strokes: false, width: 1500, height: 480 });
      const huge = signaturePng({ strokes: false, width: 3000, height: 1000 });
      // Text bodies (the load generator sends strings): base64 keeps every byte as sent.
      const junk = multipart(Buffer.from(randomBytes(768 * 1024).toString("base64")));
      const fakePdf = multipart(
        Buffer.from(`%PDF-1.7\n${randomBytes(768 * 1024).toString("base64")}`),
      );
      const flood = (name: string, path: string, options: Omit<LoadOptions, "url">) =>
        ONLY.length && !ONLY.some((part) => path.includes(part))
          ? null
          : runLoad({ ...options, url: `${base}${path}` }).then((result) => ({ name, result }));
      const common = {
        ratePerSecond: RATE,
        connections: CONNECTIONS,
        durationSeconds: SECONDS,
        requestHeaders: rotatingAddress,
      };
      let n = 0;
      const floods = Promise.all([
        flood("sign-in, wrong passwords (owner and unknown)", "/api/crm/auth", {
          ...common,
          ...json(null),
          body: () =>
            JSON.stringify({
              email: n++ % 2 ? BENCH_STAFF_EMAIL : `nobody${n}@example.com`,
              password: `wrong-password-${n}`,
            }),
        }),
        flood("reset links asked for", "/api/staff/password-reset", {
          ...common,
          ...json(null),
          body: () =>
            JSON.stringify({ email: n++ % 2 ? BENCH_STAFF_EMAIL : `nobody${n}@example.com` }),
        }),
        flood("passwords set with made-up links", "/api/staff/password", {
          ...common,
          ...json(null),
          body: () =>
            JSON.stringify({
              token: randomBytes(32).toString("base64url"),
              password: "a long enough new password 123",
            }),
        }),
        flood("verify uploads, 1 MB of junk", "/api/proposals/verify", {
          ...common,
          method: "POST",
          headers: { "content-type": junk.contentType },
          body: () => junk.body.toString(),
        }),
        flood("verify uploads, 1 MB fake PDFs", "/api/proposals/verify", {
          ...common,
          method: "POST",
          headers: { "content-type": fakePdf.contentType },
          body: () => fakePdf.body.toString(),
        }),
        flood("signatures, blank or oversized", `/api/ai/proposals/${created.token}/signature`, {
          ...common,
          ...json(null),
          body: () =>
            JSON.stringify({
              full_name: "Flood",
              role: "x",
              company: "x",
              date: "2026-12-01",
              image: n++ % 2 ? blank : huge,
              version: read.version,
            }),
        }),
      ]);
      const during = health();

      // The real people, a few seconds into the flood.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const outcomes: { who: string; status: number; ok: boolean; detail: string }[] = [];
      const t0 = performance.now();
      const signIn = await fetch(`${base}/api/crm/auth`, {
        method: "POST",
        headers: {
          ...owner,
          cookie: browserCookies.join("; "),
          "content-type": "application/json",
        },
        body: JSON.stringify({ email: BENCH_STAFF_EMAIL, password: BENCH_STAFF_PASSWORD }),
      });
      outcomes.push({
        who: "owner signs in",
        status: signIn.status,
        ok: signIn.ok,
        detail: `${(performance.now() - t0).toFixed(0)} ms`,
      });
      const t1 = performance.now();
      const signed = await fetch(`${base}/api/ai/proposals/${created.token}/signature`, {
        method: "POST",
        headers: { ...client, "content-type": "application/json" },
        body: JSON.stringify({
          full_name: "Ana Pérez",
          role: "Directora comercial",
          company: "Autos Caribe",
          date: "2026-12-01",
          image: signaturePng(),
          version: read.version,
          content_sha256: read.content_sha256,
        }),
      });
      outcomes.push({
        who: "client signs the proposal",
        status: signed.status,
        ok: signed.status === 201,
        detail: `${(performance.now() - t1).toFixed(0)} ms`,
      });
      const pdf = Buffer.from(
        await (
          await fetch(`${base}/api/ai/proposals/${created.token}/signed.pdf`, { headers: client })
        ).arrayBuffer(),
      );
      const upload = multipart(pdf);
      const t2 = performance.now();
      const verified = await fetch(`${base}/api/proposals/verify`, {
        method: "POST",
        headers: { "x-forwarded-for": "192.0.2.30", "content-type": upload.contentType },
        body: new Uint8Array(upload.body),
      });
      const verdict = (await verified.json()) as { match?: boolean };
      outcomes.push({
        who: "someone verifies the sealed PDF",
        status: verified.status,
        ok: verified.ok && verdict.match === true,
        detail: `${(performance.now() - t2).toFixed(0)} ms, match ${String(verdict.match)}`,
      });

      const results = await floods;
      const duringResult: LoadResult = await during;
      console.log(
        `trust flood: ${SECONDS} s, ${RATE} requests/s on each of ${results.filter((flooded) => flooded !== null).length} floods (at most ${CONNECTIONS} in flight each), load average ${formatLoadAverage()}`,
      );
      for (const { name, result } of results.filter((flooded) => flooded !== null))
        console.log(formatLoad(`  flood ${name}`, result));
      for (const outcome of outcomes)
        console.log(
          `  ${outcome.ok ? "OK  " : "FAIL"} ${outcome.who}: ${outcome.status} (${outcome.detail})`,
        );
      console.log(formatLoad("  health before", before));
      console.log(formatLoad("  health during", duringResult));
      const slowdown = duringResult.latencyMs.p95 / before.latencyMs.p95;
      console.log(
        `  health p95 during / before: ${slowdown.toFixed(2)}x (at most ${MAX_SLOWDOWN}x)`,
      );
      if (outcomes.some((outcome) => !outcome.ok) || !(slowdown <= MAX_SLOWDOWN))
        process.exitCode = 1;
    } finally {
      await app.stop();
    }
  });
}

runBenchmark(main);
