// `npm run staff:unlock -- --email …`: clears a staff account's sign-in lock and failures on DATABASE_URL,
// for an owner who is locked out and has no browser they signed in from before (docs/product.md#lock-screen).
import { parseArgs } from "node:util";
import nextEnv from "@next/env";
import { createPrismaClient } from "@/lib/prisma-client";
import { unlockStaffAccount } from "./db/staff-accounts";

async function main() {
  nextEnv.loadEnvConfig(process.cwd());
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  if (!values.email) throw new Error("usage: npm run staff:unlock -- --email EMAIL");
  if (!process.env.DATABASE_URL)
    throw new Error("DATABASE_URL is not set: point it at the database the app uses.");
  const prisma = createPrismaClient(process.env.DATABASE_URL);
  try {
    const unlocked = await unlockStaffAccount(prisma, values.email);
    if (!unlocked) throw new Error(`no account has the e-mail ${values.email}; nothing changed.`);
    console.log(
      `Unlocked ${unlocked.role} ${unlocked.email}: its lock and failed sign-ins are cleared.`,
    );
    if (!unlocked.active)
      console.log("The account is deactivated: an owner reactivates it on the accounts page.");
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(`staff:unlock: ${(error as Error).message}`);
  process.exit(1);
});
