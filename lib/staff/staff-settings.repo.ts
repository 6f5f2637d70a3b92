import "server-only";
import { db, sqlQuery } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface StaffSettingsRow {
  requireTwoFactor: boolean;
  salesLeadVisibility: string;
  salesMayExport: boolean;
  salesMayChangeOthersProposals: boolean;
}

/** The one settings row, or null before the owner has saved any (the defaults apply). */
export async function findStaffSettings(): Promise<StaffSettingsRow | null> {
  const { rows } = await sqlQuery<StaffSettingsRow>(
    `SELECT require_two_factor AS "requireTwoFactor", sales_lead_visibility AS "salesLeadVisibility",
            sales_may_export AS "salesMayExport",
            sales_may_change_others_proposals AS "salesMayChangeOthersProposals"
       FROM staff_settings WHERE id = 1`,
  );
  return rows[0] ?? null;
}

/** Saves the owner's change and its audit events together. */
export async function saveStaffSettings(
  change: Partial<StaffSettingsRow>,
  audit: { actorId: string; type: string; detail: Prisma.InputJsonValue }[],
): Promise<void> {
  await db.$transaction([
    db.staffSettings.upsert({
      where: { id: 1 },
      create: { id: 1, ...change },
      update: { ...change, updatedAt: new Date() },
    }),
    db.staffAuditEvent.createMany({
      data: audit.map((event) => ({ ...event, accountId: null })),
    }),
  ]);
}

/** Records a refused attempt in the staff audit log, against the account that made it. */
export async function insertAccessDenied(
  accountId: string,
  detail: Prisma.InputJsonValue,
): Promise<void> {
  await db.staffAuditEvent.create({
    data: { actorId: accountId, accountId, type: "access_denied", detail },
  });
}
