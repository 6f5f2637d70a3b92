// `npm run worker`: the job worker alone, for deployments that run it apart from the web servers
// (set JOBS_WORKER=off on those). Needs DATABASE_URL: the embedded database belongs to one app process.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), false);
if (!process.env.DATABASE_URL) {
  console.error(
    "\n[avanza] Cannot start the worker: DATABASE_URL is not set. With the embedded database the worker runs inside `npm run dev` / `npm start`.\n",
  );
  process.exit(1);
}

const { startAppWorker } = await import("@/lib/jobs/app-worker");
const worker = startAppWorker();
console.log(`[avanza] job worker ${worker.id} started; Ctrl-C stops it after the jobs in hand`);

let isStopping = false;
const stop = (signal: string) => {
  if (isStopping) return;
  isStopping = true;
  console.log(`[avanza] ${signal}: finishing the jobs in hand…`);
  void worker.stop().then(() => {
    console.log("[avanza] job worker stopped");
    process.exit(0);
  });
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
