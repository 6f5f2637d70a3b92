import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";

let prisma: PrismaClient | undefined;

/** This worker's database (integration-env.ts), even where a file points the app elsewhere. */
export function testDatabaseUrl(): string {
  const url = process.env.INTEGRATION_DATABASE_URL;
  if (!url) throw new Error("INTEGRATION_DATABASE_URL is set by tests/support/integration-env.ts");
  return url;
}

/** A Prisma client of the test's own, for arranging data and checking what the app wrote. */
export function testDb(): PrismaClient {
  return (prisma ??= createPrismaClient(testDatabaseUrl()));
}

export function makeLead(overrides: Partial<Prisma.LeadUncheckedCreateInput> = {}) {
  const unique = randomUUID().slice(0, 8);
  return testDb().lead.create({
    data: {
      name: `Lead ${unique}`,
      email: `lead-${unique}@example.com`,
      company: `Company ${unique}`,
      industry: "Retail",
      source: "manual",
      ...overrides,
    },
  });
}

export function makeTask(leadId: string, overrides: Partial<Prisma.TaskUncheckedCreateInput> = {}) {
  return testDb().task.create({
    data: { title: `Task ${randomUUID().slice(0, 8)}`, leadId, ...overrides },
  });
}

/** A staff account (no password: sessions for it come from `staffCookieFor`). */
export function makeStaffAccount(overrides: Partial<Prisma.StaffAccountUncheckedCreateInput> = {}) {
  const unique = randomUUID().slice(0, 8);
  return testDb().staffAccount.create({
    data: {
      name: `Staff ${unique}`,
      email: `staff-${unique}@example.com`,
      role: "sales",
      // A working account: round-robin skips accounts that never signed in (pass null for a fresh invite).
      lastSignInAt: new Date(),
      ...overrides,
    },
    select: { id: true, name: true, email: true, role: true, active: true },
  });
}
