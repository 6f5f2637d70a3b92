// `npm run db:seed`: adds the demo leads, activities and tasks to DATABASE_URL; safe to run again.
import nextEnv from "@next/env";
import { createPrismaClient } from "@/lib/prisma-client";
import { seedDemoData } from "./seed-data";

nextEnv.loadEnvConfig(process.cwd());

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    "DATABASE_URL is not set (environment or .env). Set it to the PostgreSQL server to seed.",
  );
  process.exit(1);
}

const prisma = createPrismaClient(databaseUrl);
try {
  const { created } = await seedDemoData(prisma);
  // One query at a time: the embedded server interleaves concurrent statements badly.
  const leads = await prisma.lead.count();
  const activities = await prisma.activity.count();
  const tasks = await prisma.task.count();
  console.log(
    created === 0 ? "Demo data already present; nothing added." : `Added ${created} demo leads.`,
  );
  console.log(`Database now holds ${leads} leads, ${activities} activities and ${tasks} tasks.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}
