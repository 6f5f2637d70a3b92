// `npm run staff:add -- --email … --name … --role owner|manager|sales`: adds a staff account on DATABASE_URL.
// The password is read from standard input (never a flag, so it stays out of shell history and `ps`).
import { parseArgs } from "node:util";
import { createInterface } from "node:readline";
import nextEnv from "@next/env";
import { createPrismaClient } from "@/lib/prisma-client";
import { addStaffAccountIfMissing } from "./db/staff-accounts";
import type { StaffRole } from "@/lib/staff/roles";

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password (at least 10 characters): ");
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

async function main() {
  nextEnv.loadEnvConfig(process.cwd());
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
  });
  if (!values.email || !values.name || !values.role)
    throw new Error(
      "usage: npm run staff:add -- --email EMAIL --name NAME --role owner|manager|sales",
    );
  if (!process.env.DATABASE_URL)
    throw new Error("DATABASE_URL is not set: point it at the database the app uses.");
  const password = await readPassword();
  const prisma = createPrismaClient(process.env.DATABASE_URL);
  try {
    const isCreated = await addStaffAccountIfMissing(prisma, {
      email: values.email,
      name: values.name,
      role: values.role as StaffRole,
      password,
    });
    if (!isCreated)
      throw new Error(`an account with ${values.email} already exists; nothing changed.`);
    console.log(`Added ${values.role} ${values.email.toLowerCase()}.`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(`staff:add: ${(error as Error).message}`);
  process.exit(1);
});
