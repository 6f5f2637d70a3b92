import "server-only";
import { Worker } from "node:worker_threads";
import type { PdfTask, PdfTaskResult } from "./pdf-tasks";
import type { PdfWorkerAnswer, PdfWorkerRequest } from "./pdf-worker";

/*
 * Rendering and sealing a proposal PDF takes a tenth to a fifth of a second of CPU once the fonts are
 * parsed (half a second on a fresh thread, and most of a second before tagged-pdf.ts kept them), and
 * making the self-signed certificate a third of a second. On the request's own thread that would stall
 * every other request the instance serves (a client signing froze the health check for a second; a
 * stranger asking for the public sample PDF twice a second could keep an instance busy). So every such
 * step runs in one worker thread per process, one task at a time, while the event loop goes on
 * answering. One thread, not one per core:
 * PDFs are rare next to everything else, and a queue here keeps a burst of them from taking every core.
 *
 * The worker loads our TypeScript sources with tsx from the app's directory, which `npm start` runs in
 * (as the front door and the job worker do).
 */

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function workerError(message: string) {
  return new Error(`PDF worker: ${message}`);
}

/**
 * The worker's first lines: `server-only` resolves to nothing (a worker thread never reaches a
 * browser), tsx compiles our sources on require (a require hook, which a worker thread honours on
 * every Node.js line, where `--import tsx` in a worker's execArgv left `.ts` unknown on Node 20), then
 * the worker's entry, found from the app's directory.
 */
const BOOTSTRAP = `
const Module = require("node:module");
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "server-only" ? {} : load.call(this, request, ...rest);
};
require("tsx/cjs/api").register();
require("./lib/proposals/pdf/pdf-worker.ts");
`;

function start(): Worker {
  const started = new Worker(BOOTSTRAP, { eval: true });
  started.on("message", (answer: PdfWorkerAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer.result);
    else waiting.reject(workerError(answer.message));
    if (pending.size === 0) started.unref();
  });
  // A worker that dies fails what it held; the next task starts a new one.
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };
  started.on("error", (error) => fail(workerError(error.message)));
  started.on("exit", (code) => fail(workerError(`stopped (exit code ${code})`)));
  started.unref();
  return started;
}

/**
 * Starts the worker ahead of the first PDF, so a client's signature does not wait for the seconds its
 * start takes (compiling the renderer). Called by the production server once it is up.
 */
export function warmPdfWorker(): void {
  worker ??= start();
}

/** Runs one PDF task in the worker thread; resolves with its result, rejects with its failure. */
export function inPdfWorker<Task extends PdfTask>(task: Task): Promise<PdfTaskResult<Task>> {
  worker ??= start();
  const running = worker;
  const id = nextId++;
  return new Promise<PdfTaskResult<Task>>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
    // While a task is out, the worker keeps the process alive for its answer.
    running.ref();
    const request: PdfWorkerRequest = { id, task };
    running.postMessage(request);
  });
}
