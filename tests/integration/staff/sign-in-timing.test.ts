// Timing does not tell which e-mails have a staff account (docs/product.md#lock-screen): a sign-in with
// an unknown e-mail costs one password check like a known one, and a reset request only records a job
// whatever the e-mail. Measured as the median of many interleaved requests each; the bounds are wide
// enough for a busy machine, and far from the several-fold gap a missing password check or a synchronous
// reset would leave.
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/api/crm/auth/route";
import { POST as forgot } from "@/app/api/staff/password-reset/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { startCaptureSmtp } from "../../support/smtp";
import { makeStaffAccount, uniqueAddress } from "../../support/staff";

const ROUNDS = 21;
const LOWEST_RATIO = 0.5;
const HIGHEST_RATIO = 2;

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await drainDueJobs();
  delete process.env.SMTP_URL;
  await smtp?.stop();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await call();
  return { ms: performance.now() - start, result };
}

/**
 * Times `known(i)` and `unknown(i)` alternately (so a slow spell of the machine hits both), after a
 * warm-up of each; returns both medians.
 */
async function compare(
  known: (i: number) => Promise<{ status: number }>,
  unknown: (i: number) => Promise<{ status: number }>,
  expectedStatus: number,
) {
  await known(-1);
  await unknown(-1);
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const [first, second] = i % 2 ? [known, unknown] : [unknown, known];
    const a = await timed(() => first(i));
    const b = await timed(() => second(i));
    expect(a.result.status).toBe(expectedStatus);
    expect(b.result.status).toBe(expectedStatus);
    (first === known ? knownMs : unknownMs).push(a.ms);
    (second === known ? knownMs : unknownMs).push(b.ms);
  }
  return { known: median(knownMs), unknown: median(unknownMs) };
}

describe("answers take the same time for existing and unknown e-mails", () => {
  it("a wrong sign-in", async () => {
    const accounts = await Promise.all(
      Array.from({ length: ROUNDS + 1 }, () => makeStaffAccount()),
    );
    const attempt = (email: string) =>
      callRoute(signIn, {
        method: "POST",
        path: "/api/crm/auth",
        body: { email, password: "not-the-password" },
        headers: { "x-forwarded-for": uniqueAddress() },
      });
    const { known, unknown } = await compare(
      (i) => attempt(accounts[i + 1]!.email),
      (i) => attempt(`nobody-${i + 1}-${Date.now()}@staff.test`),
      401,
    );
    const ratio = known / unknown;
    console.info(`median: known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`);
    expect(ratio, `known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`).toBeGreaterThan(
      LOWEST_RATIO,
    );
    expect(ratio, `known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`).toBeLessThan(
      HIGHEST_RATIO,
    );
  });

  it("a password reset request", async () => {
    const accounts = await Promise.all(
      Array.from({ length: ROUNDS + 1 }, () => makeStaffAccount()),
    );
    const ask = (email: string) =>
      callRoute(forgot, {
        method: "POST",
        path: "/api/staff/password-reset",
        body: { email },
        headers: { "x-forwarded-for": uniqueAddress() },
      });
    const { known, unknown } = await compare(
      (i) => ask(accounts[i + 1]!.email),
      (i) => ask(`nobody-${i + 1}-${Date.now()}@staff.test`),
      202,
    );
    const ratio = known / unknown;
    console.info(`median: known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`);
    expect(ratio, `known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`).toBeGreaterThan(
      LOWEST_RATIO,
    );
    expect(ratio, `known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`).toBeLessThan(
      HIGHEST_RATIO,
    );
    // The request did the same work for both: links and mail come from the worker, for accounts only.
    const ids = accounts.map((account) => account.id);
    expect(await testDb().staffToken.count({ where: { accountId: { in: ids } } })).toBe(0);
    await drainDueJobs();
    expect(await testDb().staffToken.count({ where: { accountId: { in: ids } } })).toBe(
      accounts.length,
    );
    expect(smtp.messages.filter((message) => message.to.includes("nobody-"))).toHaveLength(0);
  });
});
