// Runs `prisma generate` offline. The Prisma 7 CLI refuses to start without a schema-engine
// binary, which it would download; generating the client never uses it, so we point the CLI
// at an empty placeholder for this one command only. Migrations are ours (scripts/db/migrations.ts).
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const dir = path.join(tmpdir(), "avanza-prisma");
  const placeholder = path.join(dir, "schema-engine-placeholder");
  if (!existsSync(placeholder)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      placeholder,
      "#!/bin/sh\necho 'schema engine unavailable offline: use npm run db:migrate' >&2\nexit 1\n",
    );
    chmodSync(placeholder, 0o755);
  }
  env.PRISMA_SCHEMA_ENGINE_BINARY = placeholder;
}

const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
