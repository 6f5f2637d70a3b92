// The two outside parties of bench/trust-flood.ts, each in its own process so neither's CPU or event
// loop is counted as the app's latency: `probe` (the health check a balancer makes) and `flood` (the
// strangers). Started by the bench with an IPC channel; not meant to be run by hand.
import { randomBytes } from "node:crypto";
import { signaturePng } from "@/tests/support/signature-png";
import { runLoad, type LoadOptions, type LoadResult } from "./load";

export interface ProbeOrder {
  base: string;
  seconds: number;
}

export interface FloodOrder {
  base: string;
  /** The real client link the signature flood posts to, and the version its page shows. */
  token: string;
  version: number;
  ownerEmail: string;
  seconds: number;
  ratePerSecond: number;
  connections: number;
  /** Only the floods whose path contains one of these (empty: all). */
  only: string[];
}

export interface FloodOutcome {
  name: string;
  result: LoadResult;
  statuses: Record<string, number>;
}

export type HelperMessage =
  | { type: "ready" }
  | { type: "probed"; result: LoadResult }
  | { type: "flooded"; floods: FloodOutcome[] };

/** Probed as a balancer would, at a steady pace, so the probe is not itself a load. */
export function probeHealth({ base, seconds }: ProbeOrder): Promise<LoadResult> {
  return runLoad({
    url: `${base}/api/health`,
    connections: 2,
    ratePerSecond: 20,
    durationSeconds: seconds,
  });
}

let addressCounter = 0;
/** A different client address per request: no per-address limit ever sees one twice in a row. */
const rotatingAddress = () => {
  const n = addressCounter++;
  return { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
};

export function multipart(file: Buffer): { contentType: string; body: Buffer } {
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

/**
 * The floods, their bodies built once up front (the generator should spend its CPU sending, not
 * building). The staff endpoints get our Origin, as any script can send it: without it they answer
 * 403 at the first check and the flood never reaches a limiter, a token or a password.
 */
export function prepareFloods(order: FloodOrder): () => Promise<FloodOutcome[]> {
  const { base } = order;
  const blank = signaturePng({ strokes: false, width: 1500, height: 480 });
  const huge = signaturePng({ strokes: false, width: 3000, height: 1000 });
  const junk = multipart(randomBytes(1024 * 1024));
  const fakePdf = multipart(Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(1024 * 1024)]));
  const staffJson = {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
  };
  const common = {
    ratePerSecond: order.ratePerSecond,
    connections: order.connections,
    durationSeconds: order.seconds,
    requestHeaders: rotatingAddress,
  };
  let n = 0;
  const floods: { name: string; path: string; options: Omit<LoadOptions, "url"> }[] = [
    {
      name: "sign-in, wrong passwords (owner and unknown)",
      path: "/api/crm/auth",
      options: {
        ...common,
        ...staffJson,
        body: () =>
          JSON.stringify({
            email: n++ % 2 ? order.ownerEmail : `nobody${n}@example.com`,
            password: `wrong-password-${n}`,
          }),
      },
    },
    {
      name: "reset links asked for",
      path: "/api/staff/password-reset",
      options: {
        ...common,
        ...staffJson,
        body: () =>
          JSON.stringify({ email: n++ % 2 ? order.ownerEmail : `nobody${n}@example.com` }),
      },
    },
    {
      name: "passwords set with made-up links",
      path: "/api/staff/password",
      options: {
        ...common,
        ...staffJson,
        body: () =>
          JSON.stringify({
            token: randomBytes(32).toString("base64url"),
            password: "a long enough new password 123",
          }),
      },
    },
    {
      name: "verify uploads, 1 MB of junk",
      path: "/api/proposals/verify",
      options: {
        ...common,
        method: "POST",
        headers: { "content-type": junk.contentType },
        body: () => junk.body,
      },
    },
    {
      name: "verify uploads, 1 MB fake PDFs",
      path: "/api/proposals/verify",
      options: {
        ...common,
        method: "POST",
        headers: { "content-type": fakePdf.contentType },
        body: () => fakePdf.body,
      },
    },
    {
      name: "signatures, blank or oversized",
      path: `/api/ai/proposals/${order.token}/signature`,
      options: {
        ...common,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: () =>
          JSON.stringify({
            full_name: "Flood",
            role: "x",
            company: "x",
            date: "2026-12-01",
            image: n++ % 2 ? blank : huge,
            version: order.version,
          }),
      },
    },
  ];
  const chosen = floods.filter(
    ({ path }) => !order.only.length || order.only.some((part) => path.includes(part)),
  );
  return () =>
    Promise.all(
      chosen.map(async ({ name, path, options }) => {
        const statusCounts = new Map<string, number>();
        const result = await runLoad({ ...options, url: `${base}${path}`, statusCounts });
        return { name, result, statuses: Object.fromEntries([...statusCounts].sort()) };
      }),
    );
}

function send(message: HelperMessage) {
  process.send!(message);
}

if (process.send) {
  const role = process.argv[2];
  let flood: (() => Promise<FloodOutcome[]>) | null = null;
  process.on("message", (message: { type: string; order?: ProbeOrder | FloodOrder }) => {
    void (async () => {
      if (message.type === "prepare" && role === "flood") {
        flood = prepareFloods(message.order as FloodOrder);
        send({ type: "ready" });
      } else if (message.type === "go" && role === "flood" && flood) {
        send({ type: "flooded", floods: await flood() });
      } else if (message.type === "go" && role === "probe") {
        send({ type: "probed", result: await probeHealth(message.order as ProbeOrder) });
      } else if (message.type === "exit") process.disconnect();
    })();
  });
  send({ type: "ready" });
}
