import path from "node:path";

/**
 * Environment for `npm start` in a benchmark: labelled bench secrets unless real ones are set, and an
 * embedded database in `workDir` when no DATABASE_URL is given.
 */
export function benchAppEnv(workDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STAFF_OWNER_EMAIL: process.env.STAFF_OWNER_EMAIL || "bench-owner@example.com",
    STAFF_OWNER_PASSWORD: process.env.STAFF_OWNER_PASSWORD || "bench-staff-password",
    SESSION_SECRET: process.env.SESSION_SECRET || "bench-session-secret-0123456789abcdefghij",
  };
  if (!env.DATABASE_URL) env.EMBEDDED_PG_DIR = path.join(workDir, "pglite");
  return env;
}
