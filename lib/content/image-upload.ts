import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/app-error";
import { IMAGE_MAX_BYTES } from "./content-image.service";

/** The multipart envelope around the file (boundaries, part headers, a small `alt` field), at most. */
const ENVELOPE_MAX_BYTES = 16 * 1024;
const tooLarge = () => new AppError("too_large", "The image may be at most 5 MB.");

/**
 * The `file` part of a multipart upload. The declared length is checked before reading and the
 * bytes are counted as they arrive, so a 50 MB body is refused after 5 MB, never held whole.
 */
export async function readImageUpload(request: NextRequest): Promise<Buffer> {
  const contentType = request.headers.get("content-type") ?? "";
  const limit = IMAGE_MAX_BYTES + ENVELOPE_MAX_BYTES;
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  // Too large is told first, whatever the type: the caller should not resend 50 MB as another type.
  if (!/^multipart\/form-data\b/i.test(contentType))
    throw new AppError(
      "unsupported_media_type",
      "Send the image as multipart/form-data in `file`.",
    );
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), {
      headers: { "content-type": contentType },
    }).formData();
  } catch {
    throw new AppError("validation", "The upload is not a well-formed multipart form.");
  }
  const file = form.get("file");
  if (!(file instanceof Blob))
    throw new AppError("validation", "Attach the image in the `file` field.", {
      fields: { file: ["Required."] },
    });
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw tooLarge();
  return bytes;
}
