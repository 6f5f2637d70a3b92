import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Prisma } from "@/lib/generated/prisma/client";
import { serverEnv } from "@/lib/env";
import { claimDueJobs, completeJob, extendLease, failJob, type ClaimedJob } from "./job.repo";

export interface JobContext {
  attempt: number;
  maxAttempts: number;
  /** When the job runs again if this attempt fails; null on the last attempt. */
  retryAt: Date | null;
}

export interface JobHandler {
  /** Does the work; must be safe to run again for the same job (a worker may die after it). */
  run(payload: unknown, context: JobContext): Promise<Prisma.InputJsonValue | void>;
  /** Mirrors a failed attempt onto the job's own record (an e-mail's status, say). */
  onFailure?(payload: unknown, error: string, context: JobContext): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler>;

/**
 * How long a claimed job stays its worker's without a heartbeat. Short, so a job whose worker died
 * (an e-mail cut off mid-send, say) is taken up again within seconds; a live worker's heartbeat
 * extends it every third of the lease for as long as the job runs, however slow the mail server is.
 */
export const LEASE_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Exponential backoff: the first retry after JOBS_RETRY_BASE_SECONDS, then twice as long each time. */
export function retryDelayMs(attempt: number): number {
  const base = serverEnv().JOBS_RETRY_BASE_SECONDS * 1000;
  return Math.min(base * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/** Keeps extending the lease on `job` until stopped; the job itself runs meanwhile. */
function startHeartbeat(job: ClaimedJob, workerId: string, leaseMs: number) {
  const timer = setInterval(() => {
    extendLease(job.id, workerId, leaseMs).then(
      (isHeld) => {
        if (!isHeld) console.warn(`[jobs] lost the lease on ${job.kind} ${job.key}`);
      },
      (error: unknown) => console.error("[jobs] heartbeat failed", error),
    );
  }, leaseMs / 3);
  timer.unref();
  return () => clearInterval(timer);
}

async function runOne(handlers: JobHandlers, job: ClaimedJob, workerId: string, leaseMs: number) {
  const context: JobContext = {
    attempt: job.attempts,
    maxAttempts: job.maxAttempts,
    retryAt:
      job.attempts < job.maxAttempts ? new Date(Date.now() + retryDelayMs(job.attempts)) : null,
  };
  const handler = handlers[job.kind];
  if (!handler) {
    await failJob(job.id, workerId, `no handler for job kind "${job.kind}"`, null);
    return;
  }
  const stopHeartbeat = startHeartbeat(job, workerId, leaseMs);
  try {
    const result = await handler.run(job.payload, context);
    await completeJob(job.id, workerId, result ?? null);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    try {
      await handler.onFailure?.(job.payload, message, context);
    } finally {
      await failJob(job.id, workerId, message, context.retryAt);
    }
  } finally {
    stopHeartbeat();
  }
}

export interface WorkerOptions {
  workerId?: string;
  /** Jobs claimed and run together per round. */
  concurrency?: number;
  leaseMs?: number;
}

/** One round: claims the due jobs (up to `concurrency`) and runs them. Returns how many it ran. */
export async function runDueJobs(handlers: JobHandlers, options: WorkerOptions = {}) {
  const workerId = options.workerId ?? defaultWorkerId();
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const jobs = await claimDueJobs(
    workerId,
    options.concurrency ?? serverEnv().JOBS_CONCURRENCY,
    leaseMs,
  );
  await Promise.all(jobs.map((job) => runOne(handlers, job, workerId, leaseMs)));
  return jobs.length;
}

function defaultWorkerId() {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export interface RunningWorker {
  id: string;
  /** Stops claiming, lets the jobs in hand finish, then resolves. */
  stop(): Promise<void>;
}

/**
 * Polls for due jobs until stopped. `onRound` runs before each poll at most once a minute (the
 * schedules enqueue their next occurrence there). Errors reaching the database are logged and
 * retried on the next poll: a worker outlives a database restart.
 */
export function startWorker(
  handlers: JobHandlers,
  options: WorkerOptions & { pollMs?: number; onRound?: () => Promise<void> } = {},
): RunningWorker {
  const id = options.workerId ?? defaultWorkerId();
  const pollMs = options.pollMs ?? serverEnv().JOBS_POLL_MS;
  let isStopping = false;
  let wake: () => void = () => undefined;
  let lastRound = 0;
  const loop = (async () => {
    while (!isStopping) {
      let ran = 0;
      try {
        if (options.onRound && Date.now() - lastRound >= 60_000) {
          lastRound = Date.now();
          await options.onRound();
        }
        ran = await runDueJobs(handlers, { ...options, workerId: id });
      } catch (error) {
        console.error("[jobs] worker round failed", error);
      }
      if (ran === 0 && !isStopping)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  })();
  return {
    id,
    async stop() {
      isStopping = true;
      wake();
      await loop;
    },
  };
}
