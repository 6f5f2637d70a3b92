import { appError } from "@/lib/http/server-message";
import { createHash } from "node:crypto";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/app-error";
import { readJsonBody } from "@/lib/http/parse";
import { VERIFY_PDF_MAX_BYTES, ZVerifyHash } from "./proposal.schema";

/** The multipart envelope (boundaries, part headers, other fields) around the file, at most. */
const ENVELOPE_MAX_BYTES = 16 * 1024;
const PDF_MAGIC = Buffer.from("%PDF-");

const tooLarge = () =>
  new AppError("too_large", `The PDF may be at most ${VERIFY_PDF_MAX_BYTES / 1024 / 1024} MB.`);
const fileProblem = (message: string) =>
  new AppError("validation", message, { fields: { file: [message] } });
const notPdf = () => fileProblem("The file is not a PDF.");
const noFile = () => fileProblem("Attach the PDF in the 'file' field.");
const badMultipart = () => appError("validation", "badMultipart");

/**
 * A verification request: a multipart upload with the PDF in `file`, or JSON `{sha256}`; either way
 * the SHA-256 to look up. The upload is hashed as it streams in and never held whole: a declared or
 * actual size over the cap is 413 as soon as it shows, and a file that does not start with `%PDF-`
 * is 400 from its first bytes, before the rest is read.
 */
export async function readVerifyInput(request: NextRequest): Promise<{ sha256: string }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType))
    return readJsonBody(request, ZVerifyHash, { maxBytes: 1024 });
  if (
    Number(request.headers.get("content-length") ?? 0) >
    VERIFY_PDF_MAX_BYTES + ENVELOPE_MAX_BYTES
  )
    throw tooLarge();
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  if (!boundary) throw badMultipart();
  if (!request.body) throw noFile();
  return { sha256: await hashFilePart(request.body, boundary[1] ?? boundary[2]!) };
}

/**
 * Streams a multipart body, hashing the content of its `file` part. Only the part headers and the
 * few bytes that could be the start of a boundary are ever buffered.
 */
async function hashFilePart(body: ReadableStream<Uint8Array>, boundary: string): Promise<string> {
  // Every boundary but the first follows a line break; starting with one makes them all alike.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = body.getReader();
  const hash = createHash("sha256");
  let pending = Buffer.from("\r\n");
  let received = 0;
  let fileBytes = 0;
  let state: "headers" | "start" | "file" = "headers";
  let isDone = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      isDone = done;
      if (value) {
        received += value.byteLength;
        if (received > VERIFY_PDF_MAX_BYTES + ENVELOPE_MAX_BYTES) throw tooLarge();
        pending = pending.length ? Buffer.concat([pending, value]) : Buffer.from(value);
      }

      while (state === "headers") {
        const at = pending.indexOf(delimiter);
        const after = at + delimiter.length;
        // The closing boundary came before any part named "file".
        if (at >= 0 && pending.subarray(after, after + 2).equals(Buffer.from("--"))) throw noFile();
        const headersEnd = at < 0 ? -1 : pending.indexOf("\r\n\r\n", after);
        if (headersEnd < 0) {
          // Part headers (and fields before the file) are small; anything else is not our form.
          if (pending.length > ENVELOPE_MAX_BYTES) throw noFile();
          if (done) throw at >= 0 ? noFile() : badMultipart();
          break;
        }
        const headers = pending.toString("latin1", after, headersEnd);
        pending = pending.subarray(headersEnd + 4);
        if (/^content-disposition:[^\r\n]*;\s*name="?file"?(?:;|\s*$)/im.test(headers))
          state = "start";
      }

      if (state === "start") {
        const end = pending.indexOf(delimiter);
        const known = end >= 0 ? end : pending.length;
        if (known < PDF_MAGIC.length && end < 0 && !done) continue;
        // Judged on the first bytes: a GIF or a zip is refused before the rest is read.
        if (!pending.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC) || known < PDF_MAGIC.length)
          throw notPdf();
        state = "file";
      }

      if (state === "file") {
        const end = pending.indexOf(delimiter);
        // Without the boundary yet, the tail might be its beginning: hold that much back.
        const safe = end >= 0 ? end : Math.max(0, pending.length - (delimiter.length - 1));
        hash.update(pending.subarray(0, safe));
        fileBytes += safe;
        if (fileBytes > VERIFY_PDF_MAX_BYTES) throw tooLarge();
        if (end >= 0) return hash.digest("hex");
        pending = Buffer.from(pending.subarray(safe));
        if (done) throw badMultipart();
      }
      if (done) throw noFile();
    }
  } finally {
    if (!isDone) await reader.cancel().catch(() => undefined);
  }
}
