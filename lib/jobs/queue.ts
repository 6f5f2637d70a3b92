import "server-only";
import { cancelJob, insertJobQuery, requeueJob, type NewJob } from "./job.repo";

export type { NewJob };

/** Records a job (once per key). Use `enqueueQuery` to add it to a transaction of your own. */
export async function enqueueJob(job: NewJob): Promise<void> {
  await insertJobQuery(job);
}

export const enqueueQuery = insertJobQuery;

/** Runs a waiting or failed job now with a fresh set of attempts; false when it is running or over. */
export async function runJobNow(key: string): Promise<boolean> {
  return (await requeueJob(key)).count > 0;
}

/** A job not yet done will not run. */
export async function cancelQueuedJob(key: string): Promise<void> {
  await cancelJob(key);
}
