// `npm run db:migrate`: applies pending migrations in prisma/migrations to DATABASE_URL.
import nextEnv from "@next/env";
import { applyMigrations } from "./migrations";

nextEnv.loadEnvConfig(process.cwd());

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    "DATABASE_URL is not set (environment or .env). Set it to the PostgreSQL server to migrate; " +
      "the embedded database needs no command, the app migrates it when it starts.",
  );
  process.exit(1);
}

try {
  const { applied } = await applyMigrations(databaseUrl);
  console.log(
    applied.length === 0
      ? "Database schema is up to date."
      : `${applied.length} migration${applied.length === 1 ? "" : "s"} applied.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
