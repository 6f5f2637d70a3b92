// `npm run build`'s `next build`: the public blog, its feeds and the home page's insights are
// prerendered from the article records (docs/decisions/018-content-records.md), so the build reads a
// database. With DATABASE_URL set it reads that one (production: the live articles); without, a
// throwaway embedded PostgreSQL holding every migration, which is what a fresh database has. Either
// way the pages revalidate within 60 seconds of serving, so a build from the migrations alone is
// only briefly behind the live records.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { EMBEDDED_DATABASE_ENV } from "@/lib/prisma-client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres";
import { applyMigrations } from "./db/migrations";

const log = (line: string) => console.log(`[build] ${line}`);

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!env.DATABASE_URL) {
    log("DATABASE_URL is not set: prerendering from a fresh embedded database (migrations only)");
    embedded = await startEmbeddedPostgres({ port: 0 });
    await applyMigrations(embedded.url, { log: () => {} });
    env.DATABASE_URL = embedded.url;
    Object.assign(env, EMBEDDED_DATABASE_ENV);
  }
  // lib/db.ts checks the production settings; prerendering signs nothing, so a secret that dies with
  // the build is enough when the builder has none (the server is started with its own).
  env.SESSION_SECRET ||= randomBytes(32).toString("base64");
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const code = await new Promise<number>((resolve) =>
    spawn(process.execPath, [nextBin, "build", ...process.argv.slice(2)], {
      stdio: "inherit",
      env,
    }).on("exit", (exitCode) => resolve(exitCode ?? 1)),
  );
  await embedded?.stop();
  process.exit(code);
}

void main();
