import { appError, messageIn } from "./server-message";
import { NextResponse } from "next/server";
import { z } from "zod";
import { validationError } from "./validation";
import { AppError, type AppErrorCode } from "./app-error";
import { isDatabaseUnavailable, isUniqueViolation } from "@/lib/db-errors";
import { apiMessage, type ApiLocale } from "./locale";

/** The one status table: every error code the app can answer with, and its HTTP status. */
export const STATUS_BY_CODE: Record<AppErrorCode | "internal", number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  changed: 409,
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  code_required: 428,
  throttled: 429,
  internal: 500,
  unavailable: 503,
};

/** Seconds a client should wait before retrying when the database is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The one error shape every endpoint answers with: `{ error: { code, message, fields? } }`. */
export interface ErrorBody {
  error: { code: AppErrorCode | "internal"; message: string; fields?: Record<string, string[]> };
}

/** Headers every error carries: never cached, never sniffed. */
export const ERROR_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
} as const;

export function errorResponse(error: AppError, locale: ApiLocale = "en"): NextResponse<ErrorBody> {
  const { fields, retryAfterSeconds, allow } = error.details;
  const headers: Record<string, string> = { ...ERROR_HEADERS };
  // A client told "unavailable" always learns when to come back.
  const retryAfter =
    retryAfterSeconds ?? (error.code === "unavailable" ? UNAVAILABLE_RETRY_AFTER_SECONDS : 0);
  if (retryAfter) headers["Retry-After"] = String(Math.ceil(retryAfter));
  if (allow) headers.Allow = allow.join(", ");
  const message = messageIn(error, locale);
  // A field told the error's own (English) message hears it in the caller's language too.
  const told = fields && {
    fields: Object.fromEntries(
      Object.entries(fields).map(([path, texts]) => [
        path,
        texts.map((text) => (text === error.message ? message : text)),
      ]),
    ),
  };
  return NextResponse.json(
    { error: { code: error.code, message, ...told } },
    { status: STATUS_BY_CODE[error.code], headers },
  );
}

/** Turns anything thrown by a handler into a response: known errors keep their meaning, the rest is a logged 500. */
export function toErrorResponse(
  error: unknown,
  context: string,
  locale: ApiLocale = "en",
): NextResponse<ErrorBody> {
  if (error instanceof AppError) return errorResponse(error, locale);
  if (error instanceof z.ZodError) {
    return errorResponse(validationError(error, locale));
  }
  if (isUniqueViolation(error)) return errorResponse(appError("conflict", "recordExists"), locale);
  if (isDatabaseUnavailable(error)) {
    console.error(`[${context}] database unavailable`, (error as Error).message);
    return errorResponse(
      new AppError("unavailable", apiMessage(locale, "unavailable"), {
        retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
      }),
    );
  }
  console.error(`[${context}] unexpected error`, error);
  return NextResponse.json(
    { error: { code: "internal", message: apiMessage(locale, "internal") } } satisfies ErrorBody,
    { status: 500, headers: ERROR_HEADERS },
  );
}
