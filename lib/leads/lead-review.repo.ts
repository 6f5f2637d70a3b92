import "server-only";
import { db, type DbClient } from "@/lib/db";

const REVIEW_LIST_LIMIT = 200;

/** Held submissions nobody has decided on yet, newest first. */
export function selectPendingHeld() {
  return db.heldLeadSubmission.findMany({
    where: { resolvedAt: null },
    orderBy: { createdAt: "desc" },
    take: REVIEW_LIST_LIMIT,
    select: { id: true, email: true, payload: true, clientAddress: true, createdAt: true },
  });
}

export function countPendingHeld() {
  return db.heldLeadSubmission.count({ where: { resolvedAt: null } });
}

export function selectHeld(id: string) {
  return db.heldLeadSubmission.findUnique({
    where: { id },
    select: {
      id: true,
      submissionId: true,
      bodyHash: true,
      createdAt: true,
      payload: true,
      userAgent: true,
      referrer: true,
      resolvedAt: true,
    },
  });
}

/** Marks a held submission decided, only if nobody decided first; false when someone had. */
export async function resolveHeld(
  id: string,
  resolution: "accepted" | "discarded",
  leadSubmissionId: string | null,
  client: DbClient = db,
): Promise<boolean> {
  const { count } = await client.heldLeadSubmission.updateMany({
    where: { id, resolvedAt: null },
    data: { resolvedAt: new Date(), resolution, leadSubmissionId },
  });
  return count === 1;
}
