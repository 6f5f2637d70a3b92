// The app under test: `npm start` (production build) on a database of its own, migrated and
// seeded. A copy of the migrated template on TEST_DATABASE_URL's server when set, else the embedded one.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDemoData } from "@/scripts/db/seed-data";
import { createPrismaClient } from "@/lib/prisma-client";
import { readBuildSiteUrl } from "@/scripts/lib/site-origin";
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from "./constants";
import { createMigratedDatabase, type FreshDatabase } from "../../support/database";

async function main() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    // The suite signs in as this owner (tests/e2e/support/staff.ts); the start creates it.
    STAFF_OWNER_EMAIL: E2E_STAFF_EMAIL,
    STAFF_OWNER_PASSWORD: E2E_STAFF_PASSWORD,
    STAFF_OWNER_NAME: "E2E Owner",
    SESSION_SECRET: "e2e-session-secret-that-is-long-enough-000",
    // Every page the suite opens runs the analytics tracker from one address, far faster than a person browses.
    ANALYTICS_RATE_LIMIT_PER_ADDRESS: "100000",
    ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "100000",
    // Every journey files its leads from that same address, more than a person's ten an hour; the
    // per-address lead limit is proven on its own servers (tests/http/platform/cluster.spec.ts).
    LEADS_RATE_LIMIT_PER_ADDRESS: "100000",
    // The way to pay a signed proposal, shown under its payment schedule (the client link journey).
    PAYMENT_INSTRUCTIONS_ES:
      "Transferencia a Banco Popular, cuenta 123-456789-0, a nombre de Avanza AI.",
    PAYMENT_INSTRUCTIONS_EN:
      "Bank transfer to Banco Popular, account 123-456789-0, in the name of Avanza AI.",
    PAYMENT_URL: "https://pay.avanza.example/checkout",
    // `npm start` refuses any origin but the build's; the build under test decides it.
    SITE_URL: process.env.SITE_URL || readBuildSiteUrl() || "",
  };
  delete env.DATABASE_URL;

  let database: FreshDatabase | undefined;
  let embeddedDir: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    // A copy of the migrated template the integration suite also uses (tests/support/database.ts).
    database = await createMigratedDatabase();
    const prisma = createPrismaClient(database.url);
    await seedDemoData(prisma);
    await prisma.$disconnect();
    env.DATABASE_URL = database.url;
  } else {
    embeddedDir = mkdtempSync(path.join(tmpdir(), "avanza-e2e-"));
    env.EMBEDDED_PG_DIR = path.join(embeddedDir, "pglite");
  }

  const app = spawn(process.execPath, ["--import", "tsx", "scripts/run-app.ts", "start"], {
    stdio: "inherit",
    env,
  });
  const stop = (signal: NodeJS.Signals) => app.exitCode === null && app.kill(signal);
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  const code = await new Promise<number>((resolve) =>
    app.on("exit", (exitCode) => resolve(exitCode ?? 0)),
  );
  await database?.dispose();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
  process.exit(code);
}

void main();
