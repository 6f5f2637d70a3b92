import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, type DbClient } from "@/lib/db";

export interface NewJob {
  kind: string;
  /** Idempotency key: a second job with the same key is not created. */
  key: string;
  payload?: Prisma.InputJsonValue;
  runAt?: Date;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/** Records a job (once per key), alone or in the transaction of the write that causes it. */
export function insertJob(job: NewJob, client: DbClient = db) {
  return client.job.createMany({
    data: [
      {
        kind: job.kind,
        key: job.key,
        payload: job.payload ?? {},
        runAt: job.runAt ?? new Date(),
        ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
      },
    ],
    skipDuplicates: true,
  });
}

/**
 * Claims up to `limit` due jobs for one worker in a single statement: queued jobs whose time has
 * come, and running jobs whose worker's lease ran out (it died). SKIP LOCKED lets several workers
 * claim at once without waiting on or taking each other's rows. Each claim counts as an attempt.
 */
export function claimDueJobs(workerId: string, limit: number, leaseMs: number) {
  return db.$queryRaw<
    {
      id: string;
      kind: string;
      key: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }[]
  >`
    UPDATE jobs SET status = 'running', locked_by = ${workerId}, attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}::float8)
    WHERE id IN (
      SELECT id FROM jobs
      WHERE (status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now())
      ORDER BY run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, key, payload, attempts, max_attempts`.then((rows) =>
    rows.map((row): ClaimedJob => ({
      id: row.id,
      kind: row.kind,
      key: row.key,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    })),
  );
}

/**
 * The running worker's heartbeat: pushes its lease on a job it still holds `leaseMs` past now. False
 * when it no longer holds it (its lease ran out and another worker claimed the job).
 */
export async function extendLease(id: string, workerId: string, leaseMs: number) {
  const held = await db.$executeRaw`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}::float8)
    WHERE id = ${id}::uuid AND locked_by = ${workerId} AND status = 'running'`;
  return held > 0;
}

/** Marks a job done, only while this worker still holds it; `locked_by` keeps who ran it. */
export function completeJob(id: string, workerId: string, result: Prisma.InputJsonValue | null) {
  return db.job.updateMany({
    where: { id, lockedBy: workerId, status: "running" },
    data: {
      status: "done",
      lockedUntil: null,
      lastError: null,
      finishedAt: new Date(),
      result: result ?? Prisma.DbNull,
    },
  });
}

/** Puts a failed job back in the queue for `retryAt`, or marks it failed when there is none. */
export function failJob(id: string, workerId: string, error: string, retryAt: Date | null) {
  return db.job.updateMany({
    where: { id, lockedBy: workerId, status: "running" },
    data: retryAt
      ? { status: "queued", runAt: retryAt, lockedBy: null, lockedUntil: null, lastError: error }
      : {
          status: "failed",
          lockedBy: null,
          lockedUntil: null,
          lastError: error,
          finishedAt: new Date(),
        },
  });
}

/** Gives back the jobs a stopping worker claimed but did not start; their attempt is not counted. */
export function releaseJobs(workerId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve({ count: 0 });
  return db.job.updateMany({
    where: { id: { in: ids }, lockedBy: workerId, status: "running" },
    data: { status: "queued", lockedBy: null, lockedUntil: null, attempts: { decrement: 1 } },
  });
}

/** Retry now: a failed or waiting job runs at once with a fresh set of attempts. */
export function requeueJob(key: string) {
  return db.job.updateMany({
    where: { key, status: { in: ["queued", "failed"] } },
    data: { status: "queued", runAt: new Date(), attempts: 0, finishedAt: null, lastError: null },
  });
}

export function cancelJob(key: string, client: DbClient = db) {
  return client.job.updateMany({
    where: { key, status: { in: ["queued", "failed"] } },
    data: { status: "cancelled", finishedAt: new Date(), lockedBy: null, lockedUntil: null },
  });
}

export function selectJob(key: string) {
  return db.job.findUnique({
    where: { key },
    select: {
      status: true,
      attempts: true,
      maxAttempts: true,
      runAt: true,
      lastError: true,
      result: true,
    },
  });
}
