import type { NextRequest } from "next/server";
import { z } from "zod";
import { AppError } from "./app-error";

const DEFAULT_MAX_BYTES = 16 * 1024;

/**
 * Reads a JSON body and validates it: a wrong content type is 415, a body over `maxBytes` is 413,
 * malformed JSON or a schema violation is 400 with per-field messages. Never lets bad input become a 500.
 */
export async function readJsonBody<T extends z.ZodType>(
  request: NextRequest,
  schema: T,
  { maxBytes = DEFAULT_MAX_BYTES, allowTextPlain = false } = {},
): Promise<z.infer<T>> {
  const contentType = request.headers.get("content-type") ?? "";
  // navigator.sendBeacon can only send a string as text/plain, so beacon endpoints accept JSON under that type too.
  const isAccepted =
    /^application\/(.+\+)?json\b/i.test(contentType) ||
    (allowTextPlain && /^text\/plain\b/i.test(contentType));
  if (!isAccepted) {
    throw new AppError(
      "unsupported_media_type",
      "Send the body as JSON (Content-Type: application/json).",
    );
  }
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > maxBytes)
    throw new AppError("too_large", `The body may be at most ${maxBytes} bytes.`);

  const text = await readTextCapped(request, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("validation", "The body is not valid JSON.");
  }
  return parseInput(schema, json);
}

/** Validates query parameters (or any plain object) against a schema; violations are 400 with per-field messages. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = z.flattenError(result.error).fieldErrors as Record<string, string[]>;
    const formErrors = z.flattenError(result.error).formErrors;
    const message = formErrors[0] ?? "Some fields are not valid.";
    throw new AppError("validation", message, { fields });
  }
  return result.data;
}

export function searchParamsOf(request: NextRequest): Record<string, string> {
  return Object.fromEntries(request.nextUrl.searchParams.entries());
}

async function readTextCapped(request: NextRequest, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("too_large", `The body may be at most ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
