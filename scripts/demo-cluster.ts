// `npm run demo:cluster`: two production instances on one PostgreSQL (DATABASE_URL) behind HAProxy,
// with TRUSTED_PROXY_HOPS=1. Shows that sessions, limits and idempotency hold across instances.
import nextEnv from "@next/env";
import { applyMigrations } from "./db/migrations";
import { startCluster } from "./cluster";

nextEnv.loadEnvConfig(process.cwd());

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    "[cluster] DATABASE_URL is not set. Two instances need one shared PostgreSQL server (the embedded\n" +
      "database allows a single process): e.g. DATABASE_URL=postgresql://postgres@127.0.0.1:5432/avanza npm run demo:cluster",
  );
  process.exit(1);
}

const port = Number(process.env.CLUSTER_PORT || 3000);
const firstAppPort = Number(process.env.CLUSTER_APP_PORT || port + 1);

await applyMigrations(databaseUrl, { log: (line) => console.log(`[cluster] ${line}`) });
const cluster = await startCluster({
  databaseUrl,
  port,
  appPorts: [firstAppPort, firstAppPort + 1],
  // The demo owner (README: public demo password) and session secret (the same on both instances), unless set.
  env: {
    STAFF_OWNER_EMAIL: process.env.STAFF_OWNER_EMAIL || "owner@demo.avanza.example",
    STAFF_OWNER_PASSWORD: process.env.STAFF_OWNER_PASSWORD || "demo-owner-password",
    STAFF_OWNER_NAME: process.env.STAFF_OWNER_NAME || "Olivia Owner",
    SESSION_SECRET: process.env.SESSION_SECRET || "demo-only-session-secret-0123456789abcdefghij",
  },
  isVerbose: true,
});
console.log(`[cluster] open ${cluster.url} (Ctrl-C stops everything)`);
const shutDown = () => void cluster.stop().then(() => process.exit(0));
process.on("SIGINT", shutDown);
process.on("SIGTERM", shutDown);
