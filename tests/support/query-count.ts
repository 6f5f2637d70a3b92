/**
 * Counts the statements the app's one pool (lib/db.ts) sends until `stop()`: what a request costs the
 * database. The statements still run; they are only counted. The pool must exist (any query made).
 */
export function countAppQueries() {
  const globalForDb = globalThis as unknown as {
    dbPool?: { query: (...args: unknown[]) => unknown };
  };
  const pool = globalForDb.dbPool;
  if (!pool) throw new Error("the app's pool is not open yet");
  const original = pool.query;
  let count = 0;
  pool.query = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  return {
    stop() {
      pool.query = original;
      return count;
    },
  };
}
