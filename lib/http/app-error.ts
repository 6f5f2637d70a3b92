/** What went wrong, in terms a client can act on; lib/http/respond.ts maps each code to a status. */
export type AppErrorCode =
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  /** What the caller read is no longer current (a stale version); reload and retry. */
  | "changed"
  | "gone"
  | "too_large"
  | "unsupported_media_type"
  /** The account has two-factor and no code was sent (428): ask for it and send the request again. */
  | "code_required"
  | "throttled"
  | "unavailable";

/** Marks every AppError, whichever copy of this module made it (see `Symbol.hasInstance` below). */
const APP_ERROR_BRAND = Symbol.for("avanza.AppError");

export class AppError extends Error {
  override name = "AppError";
  readonly [APP_ERROR_BRAND] = true;

  /**
   * `error instanceof AppError` holds for an AppError of another copy of this module too: the
   * production server runs a few route handlers outside Next.js's bundle (scripts/front-door-server.ts),
   * and a service shared between the two would otherwise answer a 500 for a plain 4xx. Subclasses
   * keep the usual prototype check.
   */
  static [Symbol.hasInstance](value: unknown): value is AppError {
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && APP_ERROR_BRAND in value;
  }

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: {
      fields?: Record<string, string[]>;
      retryAfterSeconds?: number;
      /** For 405: the methods the route does take. */
      allow?: string[];
      /** The catalogue key of the message (ApiErrors), so the response can tell it in the caller's language. */
      messageKey?: string;
    } = {},
  ) {
    super(message);
  }
}
