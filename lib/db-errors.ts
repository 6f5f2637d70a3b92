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
  // The database was dropped under a running app (57P04 for open sessions, 3D000 for new ones).
  "57P04",
  "3D000",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|Can't reach database|Connection refused|terminating connection|timeout exceeded when trying to connect|Client has encountered a connection error/i;

// Prisma's transaction manager (P2028) under a burst: every pooled connection is busy, so a transaction
// could not start, or waited so long for one that it expired. The other P2028 messages are bugs.
const POOL_EXHAUSTED_MESSAGE =
  /Unable to start a transaction in the given time|executed on an expired transaction/i;

/**
 * Whether an error (or anything in its cause chain) says the database is unreachable: a 503, not a
 * 500. Prisma wraps what the driver said in P2039 ("Database error") or P2010 (a raw query) with the
 * driver's error under `meta.driverAdapterError` and PostgreSQL's own code as `originalCode` (57P03
 * while the server restarts), so those are looked into too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const record = error as {
    code?: unknown;
    kind?: unknown;
    originalCode?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (typeof record.code === "string" && UNAVAILABLE_CODES.has(record.code)) return true;
  if (typeof record.originalCode === "string" && UNAVAILABLE_CODES.has(record.originalCode))
    return true;
  if (typeof record.kind === "string" && UNAVAILABLE_KINDS.has(record.kind)) return true;
  if (typeof record.message === "string" && UNAVAILABLE_MESSAGE.test(record.message)) return true;
  if (
    record.code === "P2028" &&
    typeof record.message === "string" &&
    POOL_EXHAUSTED_MESSAGE.test(record.message)
  )
    return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  if (
    typeof record.meta === "object" &&
    record.meta !== null &&
    isDatabaseUnavailable(record.meta.driverAdapterError, depth + 1)
  )
    return true;
  return isDatabaseUnavailable(record.cause, depth + 1);
}
