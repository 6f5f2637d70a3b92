import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/app-error";
import { readJsonBody } from "@/lib/http/parse";
import { VERIFY_PDF_MAX_BYTES, ZVerifyHash } from "./proposal.schema";

const tooLarge = () =>
  new AppError("too_large", `The PDF may be at most ${VERIFY_PDF_MAX_BYTES / 1024 / 1024} MB.`);

async function readBytesCapped(request: NextRequest, maxBytes: number): Promise<Uint8Array> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A verification request: a multipart upload with the PDF in `file`, or JSON `{sha256}`. The body is
 * capped before it is parsed (413), and anything else is a 400 or 415.
 */
export async function readVerifyInput(
  request: NextRequest,
): Promise<{ file: Uint8Array } | { sha256: string }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType))
    return readJsonBody(request, ZVerifyHash, { maxBytes: 1024 });
  // The multipart envelope adds a little to the file itself.
  const bytes = await readBytesCapped(request, VERIFY_PDF_MAX_BYTES + 16 * 1024);
  let form: FormData;
  try {
    form = await new Response(Buffer.from(bytes), {
      headers: { "content-type": contentType },
    }).formData();
  } catch {
    throw new AppError("validation", "The upload is not valid multipart form data.");
  }
  const file = form.get("file");
  if (!(file instanceof Blob))
    throw new AppError("validation", "Attach the PDF in the 'file' field.", {
      fields: { file: ["Attach the PDF in the 'file' field."] },
    });
  if (file.size > VERIFY_PDF_MAX_BYTES) throw tooLarge();
  return { file: new Uint8Array(await file.arrayBuffer()) };
}
