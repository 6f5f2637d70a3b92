import type { NextRequest } from "next/server";
import { z } from "zod";
import { AppError } from "./app-error";
import { BodyTooLarge, readBodyCapped } from "./capped-body";
import { validationError } from "./validation";
import { apiMessage, callerLocale, type ApiLocale } from "./locale";
import { sanitiseJson } from "./text";

const DEFAULT_MAX_BYTES = 16 * 1024;
/**
 * Objects and arrays inside one another, at most. Our deepest body (a proposal) nests about six;
 * the text check and the schemas walk the value recursively, and a few thousand levels overflow the stack.
 */
export const MAX_JSON_DEPTH = 32;

/** How deeply a JSON text nests objects and arrays, counted on the text (no recursion), stopping past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (isInString) {
      if (char === 0x5c)
        i++; // a backslash escapes the next character
      else if (char === 0x22) isInString = false;
    } else if (char === 0x22) isInString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/**
 * Reads a JSON body and validates it: a wrong content type is 415, a body over `maxBytes` is 413,
 * JSON nested deeper than MAX_JSON_DEPTH, malformed JSON, unsafe text or a schema violation is 400 with per-field messages. Never lets bad
 * input become a 500.
 */
export async function readJsonBody<T extends z.ZodType>(
  request: NextRequest,
  schema: T,
  options: { maxBytes?: number; allowTextPlain?: boolean } = {},
): Promise<z.infer<T>> {
  return parseInput(schema, await readRawJson(request, options), callerLocale(request.headers));
}

/**
 * The body's JSON as sent, its strings NOT yet checked: only for a service that checks the text of
 * each item of a batch itself (so one bad item is refused alone), always through parseInput or
 * sanitiseJson before use.
 */
export async function readRawJson(
  request: NextRequest,
  { maxBytes = DEFAULT_MAX_BYTES, allowTextPlain = false } = {},
): Promise<unknown> {
  const locale = callerLocale(request.headers);
  const contentType = request.headers.get("content-type") ?? "";
  // navigator.sendBeacon can only send a string as text/plain, so beacon endpoints accept JSON under that type too.
  const isAccepted =
    /^application\/(.+\+)?json\b/i.test(contentType) ||
    (allowTextPlain && /^text\/plain\b/i.test(contentType));
  if (!isAccepted) throw new AppError("unsupported_media_type", apiMessage(locale, "mediaType"));
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > maxBytes)
    throw new AppError("too_large", apiMessage(locale, "tooLarge", { bytes: maxBytes }));

  const text = await readTextCapped(request, maxBytes, locale);
  // Refused on the text, before anything walks the value recursively (a 400, not a stack overflow).
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
    throw new AppError("validation", apiMessage(locale, "tooDeep", { depth: MAX_JSON_DEPTH }));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("validation", apiMessage(locale, "invalidJson"));
  }
  return json;
}

/**
 * Validates query parameters, route ids or any parsed value against a schema. Every string is
 * checked for unsafe characters and put in NFC first; violations are 400 with per-field messages.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  locale: ApiLocale = "en",
): z.infer<T> {
  const safe = sanitiseJson(input);
  if ("issue" in safe) {
    throw new AppError("validation", `${safe.issue.path}: ${safe.issue.message}`, {
      fields: { [safe.issue.path]: [safe.issue.message] },
    });
  }
  const result = schema.safeParse(safe.value);
  if (!result.success) throw validationError(result.error, locale);
  return result.data;
}

export function searchParamsOf(request: NextRequest): Record<string, string> {
  return Object.fromEntries(request.nextUrl.searchParams.entries());
}

/** For routes that take no body: anything sent is a client mistake, answered before any work. */
export async function assertNoBody(request: NextRequest): Promise<void> {
  if (!request.body) return;
  const text = await readTextCapped(request, 0, callerLocale(request.headers)).catch(
    (error: unknown) => {
      if (error instanceof AppError) return "x";
      throw error;
    },
  );
  if (text.length > 0)
    throw new AppError("validation", apiMessage(callerLocale(request.headers), "noBody"));
}

async function readTextCapped(
  request: NextRequest,
  maxBytes: number,
  locale: ApiLocale,
): Promise<string> {
  try {
    return await readBodyCapped(request.body, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge)
      throw new AppError("too_large", apiMessage(locale, "tooLarge", { bytes: maxBytes }));
    throw error;
  }
}
