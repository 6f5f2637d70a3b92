import { defineConfig } from "prisma/config";

// DATABASE_URL is optional here: `prisma generate` runs without a database, and
// our own scripts (scripts/db/*) pass the URL they resolved, embedded or not.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unused" },
});
