// `npm run privacy:export -- --email someone@example.com`: prints, as JSON, everything we hold about
// that address (leads with their submissions, activities, tasks, proposals and e-mails; proposals naming
// it as the contact; other e-mails sent to it; submissions held for review; every view of those
// proposals with its IP address and browser). Reads DATABASE_URL.
import { parseArgs } from "node:util";
import nextEnv from "@next/env";
import { createPrismaClient } from "@/lib/prisma-client";
import { exportPersonalData } from "./lib/privacy-export";

nextEnv.loadEnvConfig(process.cwd(), false);
const { values } = parseArgs({ options: { email: { type: "string" } } });
if (!values.email || !process.env.DATABASE_URL) {
  console.error("usage: DATABASE_URL=… npm run privacy:export -- --email someone@example.com");
  process.exit(2);
}
const prisma = createPrismaClient(process.env.DATABASE_URL);
try {
  console.log(JSON.stringify(await exportPersonalData(prisma, values.email), null, 2));
} finally {
  await prisma.$disconnect();
}
