import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";

let prisma: PrismaClient | undefined;

/** A Prisma client of the test's own, for arranging data and checking what the app wrote. */
export function testDb(): PrismaClient {
  return (prisma ??= createPrismaClient(inject("databaseUrl")));
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
