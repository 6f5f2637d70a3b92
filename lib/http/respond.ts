import { NextResponse } from "next/server";
import { z } from "zod";
import { AppError, type AppErrorCode } from "./app-error";
import { isUniqueViolation } from "@/lib/db-errors";

const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  changed: 409,
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  throttled: 429,
  unavailable: 503,
};

/** The one error shape every endpoint answers with: `{ error: { code, message, fields? } }`. */
export interface ErrorBody {
  error: { code: AppErrorCode | "internal"; message: string; fields?: Record<string, string[]> };
}

export function errorResponse(error: AppError): NextResponse<ErrorBody> {
  const { fields, retryAfterSeconds } = error.details;
  const headers: HeadersInit = retryAfterSeconds
    ? { "Retry-After": String(Math.ceil(retryAfterSeconds)) }
    : {};
  return NextResponse.json(
    { error: { code: error.code, message: error.message, ...(fields ? { fields } : {}) } },
    { status: STATUS_BY_CODE[error.code], headers },
  );
}

/** Turns anything thrown by a handler into a response: known errors keep their meaning, the rest is a logged 500. */
export function toErrorResponse(error: unknown, context: string): NextResponse<ErrorBody> {
  if (error instanceof AppError) return errorResponse(error);
  if (error instanceof z.ZodError) {
    return errorResponse(
      new AppError("validation", "The request is not valid.", {
        fields: z.flattenError(error).fieldErrors as Record<string, string[]>,
      }),
    );
  }
  if (isUniqueViolation(error))
    return errorResponse(new AppError("conflict", "This record already exists."));
  console.error(`[${context}] unexpected error`, error);
  return NextResponse.json(
    {
      error: { code: "internal", message: "Something went wrong on our side. Please try again." },
    } satisfies ErrorBody,
    { status: 500 },
  );
}
