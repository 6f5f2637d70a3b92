import "server-only";
import { db, type DbClient } from "@/lib/db";
import { cancelJob, insertJob, requeueJob, type NewJob } from "./job.repo";

export type { NewJob };

/**
 * Records a job (once per key). A job caused by a write goes in that write's transaction (pass its
 * `tx`): the write and the job commit together or not at all, so no crash in between loses it.
 */
export async function enqueueJob(job: NewJob, client: DbClient = db): Promise<void> {
  await insertJob(job, client);
}

/** Runs a waiting or failed job now with a fresh set of attempts; false when it is running or over. */
export async function runJobNow(key: string): Promise<boolean> {
  return (await requeueJob(key)).count > 0;
}

/** A job not yet done will not run. */
export async function cancelQueuedJob(key: string, client: DbClient = db): Promise<void> {
  await cancelJob(key, client);
}
