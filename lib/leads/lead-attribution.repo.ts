import "server-only";
import { db } from "@/lib/db";

/** The attribution stored with each of a lead's submissions, oldest first (null = unknown). */
export async function selectSubmissionAttributions(leadId: string) {
  return db.leadSubmission.findMany({
    where: { leadId },
    orderBy: { createdAt: "asc" },
    select: { attribution: true },
  });
}
