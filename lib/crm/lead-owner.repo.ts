import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Inside the caller's transaction: the next active sales account that has signed in at least once (an
 * invite nobody took up gets no leads) after the last one given a lead (by id, wrapping round), recorded as
 * the new last. The turn row is locked until the transaction ends, so leads
 * created at the same moment on different instances still go to different people in turn.
 */
export async function takeSalesTurnInTransaction(
  tx: Prisma.TransactionClient,
): Promise<string | null> {
  await tx.$executeRaw`INSERT INTO lead_assignment_turns (id) VALUES (1) ON CONFLICT (id) DO NOTHING`;
  const [turn] = await tx.$queryRaw<{ last: string | null }[]>`
    SELECT last_account_id::text AS last FROM lead_assignment_turns WHERE id = 1 FOR UPDATE`;
  const last = turn?.last ?? null;
  const [next] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM staff_accounts
     WHERE role = 'sales'::"StaffRole" AND active AND last_sign_in_at IS NOT NULL
     ORDER BY CASE WHEN ${last}::uuid IS NULL OR id > ${last}::uuid THEN 0 ELSE 1 END, id
     LIMIT 1`;
  if (!next) return null;
  await tx.$executeRaw`
    UPDATE lead_assignment_turns SET last_account_id = ${next.id}::uuid, updated_at = now() WHERE id = 1`;
  return next.id;
}

/** Gives the lead to `ownerId` (null: nobody) and notes it in the timeline, atomically; null when no such lead. */
export async function updateLeadOwner(
  id: string,
  ownerId: string | null,
  activity: { toName: string | null; actor: string | null; actorId: string | null },
): Promise<{ changed: boolean } | null> {
  return db.$transaction(async (tx) => {
    const current = await tx.lead.findUnique({
      where: { id },
      select: { ownerId: true, owner: { select: { name: true } } },
    });
    if (!current) return null;
    if (current.ownerId === ownerId) return { changed: false };
    await tx.lead.update({ where: { id }, data: { ownerId } });
    await tx.activity.create({
      data: {
        leadId: id,
        type: "owner_change",
        content: `→ ${activity.toName ?? "—"}`,
        detail: { from: current.owner?.name ?? null, to: activity.toName },
        actor: activity.actor,
        actorId: activity.actorId,
      },
    });
    return { changed: true };
  });
}
