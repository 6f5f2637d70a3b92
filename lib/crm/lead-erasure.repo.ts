import "server-only";
import { db } from "@/lib/db";

/**
 * In one transaction: the lead's personal data goes from the lead, its submissions, activities, tasks
 * and e-mails (unsent ones are cancelled); signatures of proposals it signed keep the document but
 * name the company instead of the person; one "erased" activity records who did it. False when
 * there is no such lead.
 */
export async function eraseLeadData(
  leadId: string,
  actor: string | null,
  note = "Personal data erased on request.",
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const lead = await tx.lead.findUnique({ where: { id: leadId }, select: { company: true } });
    if (!lead) return false;
    await tx.lead.update({
      where: { id: leadId },
      data: { name: null, email: null, phone: null },
    });
    await tx.leadSubmission.updateMany({
      where: { leadId },
      data: { answers: {}, userAgent: null, referrer: null, bodyHash: null },
    });
    await tx.activity.deleteMany({ where: { leadId } });
    await tx.task.deleteMany({ where: { leadId } });
    await tx.mailMessage.updateMany({
      where: { leadId, status: { in: ["queued", "retrying", "failed"] } },
      data: { status: "cancelled", nextAttemptAt: null },
    });
    await tx.mailMessage.updateMany({
      where: { leadId },
      data: {
        toAddress: "",
        subject: "",
        bodyHtml: "",
        bodyText: "",
        attachments: [],
        lastError: null,
      },
    });
    const signed = await tx.proposal.findMany({
      where: { leadId, signature: { isNot: null } },
      select: { id: true, signature: { select: { company: true } } },
    });
    for (const proposal of signed)
      await tx.proposalSignature.update({
        where: { proposalId: proposal.id },
        data: {
          fullName: proposal.signature!.company || lead.company || "",
          role: "",
          ipAddress: null,
          userAgent: null,
        },
      });
    await tx.activity.create({
      data: {
        leadId,
        type: "erased",
        content: note,
        actor,
      },
    });
    return true;
  });
}

/**
 * Leads that still hold personal data and whose last sign of life is before `cutoff`: the lead's
 * own last change, its newest activity, submission, task change or proposal change.
 */
export async function selectLeadsInactiveSince(cutoff: Date, limit: number): Promise<string[]> {
  const since = { gte: cutoff };
  const rows = await db.lead.findMany({
    where: {
      OR: [{ name: { not: null } }, { email: { not: null } }, { phone: { not: null } }],
      updatedAt: { lt: cutoff },
      activities: { none: { createdAt: since } },
      submissions: { none: { createdAt: since } },
      tasks: { none: { updatedAt: since } },
      proposals: { none: { updatedAt: since } },
    },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
