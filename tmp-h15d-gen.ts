import pg from "pg";
import { applyMigrations } from "./scripts/db/migrations";
import { generateAnalyticsData } from "./bench/lib/analytics-data";
async function main() {
  const admin = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS h15d_probe WITH (FORCE)");
  await admin.query("CREATE DATABASE h15d_probe");
  await admin.end();
  const url = "postgresql://postgres@127.0.0.1:5432/h15d_probe";
  await applyMigrations(url, { log: () => {} });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await generateAnalyticsData(c, Number(process.argv[2] || 1000000), new Date(), "America/New_York", 365);
  await c.end();
  console.log("ready", url);
}
main().catch((e) => { console.error(e); process.exit(1); });
