import "server-only";
import { JOB_HANDLERS, scheduleRecurringJobs } from "./registry";
import {
  runDueJobs,
  startWorker,
  type RunningWorker,
  type WorkerOptions,
} from "@/lib/queue/worker";

/** The worker with every job kind and the schedules: started by the app and by `npm run worker`. */
export function startAppWorker(options: WorkerOptions & { pollMs?: number } = {}): RunningWorker {
  return startWorker(JOB_HANDLERS, { ...options, onRound: scheduleRecurringJobs });
}

/** Runs every job due now, round after round, until none is left (tests, scripts). */
export async function drainDueJobs(options: WorkerOptions = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const ran = await runDueJobs(JOB_HANDLERS, options);
    if (ran === 0) return total;
    total += ran;
  }
}
