/** Whether Prisma refused a write because a unique constraint already holds the value (P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    (error as { code: unknown }).code === "P2002"
  );
}

/** Error codes that mean "the database cannot be reached right now", not "this request is wrong". */
const UNAVAILABLE_CODES = new Set([
  // Prisma: cannot reach, timed out, connection closed, pool timeout.
  "P1001",
  "P1002",
  "P1017",
  "P2024",
  // Node sockets.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  // PostgreSQL: shutting down, cannot connect now, connection exceptions.
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|Can't reach database|Connection refused|terminating connection|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether an error (or anything in its cause chain) says the database is unreachable: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const record = error as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown };
  if (typeof record.code === "string" && UNAVAILABLE_CODES.has(record.code)) return true;
  if (typeof record.kind === "string" && UNAVAILABLE_KINDS.has(record.kind)) return true;
  if (typeof record.message === "string" && UNAVAILABLE_MESSAGE.test(record.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(record.cause, depth + 1);
}
