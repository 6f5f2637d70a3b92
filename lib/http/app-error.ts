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

export class AppError extends Error {
  override name = "AppError";

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
