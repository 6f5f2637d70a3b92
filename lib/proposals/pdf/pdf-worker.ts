// The PDF worker thread's entry (started by pdf-worker-pool.ts): runs one task at a time and answers
// with its result, or with the error's message for the caller to throw.
import { parentPort } from "node:worker_threads";
import { runPdfTask, type PdfTask } from "./pdf-tasks";
import { dejaVuFonts } from "./tagged-pdf";

export interface PdfWorkerRequest {
  id: number;
  task: PdfTask;
}

export type PdfWorkerAnswer =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

/**
 * The buffers of a result that it alone owns, handed over to the caller's thread instead of copied (a
 * small Buffer is a window on a shared pool, which must stay here).
 */
function buffersOf(result: unknown): ArrayBuffer[] {
  const views =
    result instanceof Uint8Array
      ? [result]
      : typeof result === "object" && result !== null
        ? Object.values(result).filter((value) => value instanceof Uint8Array)
        : [];
  return views
    .filter((view) => view.byteOffset === 0 && view.byteLength === view.buffer.byteLength)
    .map((view) => view.buffer)
    .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
}

parentPort?.on("message", ({ id, task }: PdfWorkerRequest) => {
  runPdfTask(task).then(
    (result) => {
      const answer: PdfWorkerAnswer = { id, ok: true, result };
      parentPort!.postMessage(answer, [...new Set(buffersOf(result))]);
    },
    (error: unknown) => {
      const answer: PdfWorkerAnswer = {
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
      parentPort!.postMessage(answer);
    },
  );
});

// Parsed while the worker waits for its first task (it starts with the server), not during a client's
// signature.
dejaVuFonts();
