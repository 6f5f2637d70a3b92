// Next.js calls register() once when a server process starts: the job worker runs inside the web
// server (sharing its database pool, which the embedded database needs), unless JOBS_WORKER=off.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.JOBS_WORKER === "off") return;
  const { startAppWorker } = await import("./lib/jobs/app-worker");
  const worker = startAppWorker();
  // The server's own shutdown (scripts/front-door-server.ts) waits for this before it exits.
  (globalThis as { stopJobWorker?: () => Promise<void> }).stopJobWorker = () => worker.stop();
  console.log(`[avanza] job worker ${worker.id} started`);
}
