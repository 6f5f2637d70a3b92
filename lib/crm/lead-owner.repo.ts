import "server-only";
import { db } from "@/lib/db";

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
