import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { AppError, type AppErrorCode } from "./app-error";
import type { ApiLocale } from "./locale";

export type ServerMessageKey = keyof typeof en.ApiErrors;

/**
 * An error whose message comes from the catalogues (ApiErrors) by key: the response tells it in the
 * caller's language (lib/http/respond.ts); the error itself carries the English text, for logs.
 */
export function appError(
  code: AppErrorCode,
  key: ServerMessageKey,
  details: AppError["details"] = {},
): AppError {
  return new AppError(code, en.ApiErrors[key], { ...details, messageKey: key });
}

/** An error's message in `locale`: its catalogue text when it has a key, else the text it was given. */
export function messageIn(error: AppError, locale: ApiLocale): string {
  const key = error.details.messageKey as ServerMessageKey | undefined;
  return key ? (locale === "es" ? es : en).ApiErrors[key] : error.message;
}
