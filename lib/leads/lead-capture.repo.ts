import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export function findSubmissionById(submissionId: string) {
  return db.leadSubmission.findUnique({ where: { submissionId }, select: { id: true } });
}

export function insertSpam(data: {
  reason: string;
  clientAddress: string;
  userAgent: string | null;
  payload: Prisma.InputJsonValue;
}) {
  return db.spamSubmission.create({ data, select: { id: true } });
}

export interface CaptureWrite {
  submissionId: string;
  email: string;
  lead: {
    name: string;
    phone: string | null;
    company: string | null;
    industry: string | null;
    source: string;
    lang: string;
  };
  activityContent: string;
  answers: Prisma.InputJsonValue;
  userAgent: string | null;
  referrer: string | null;
}

/**
 * In one transaction: the lead (created, or its empty fields filled when the e-mail is known,
 * case-insensitively), an `optin` activity, and the full submission. An advisory lock on the
 * e-mail makes two simultaneous first submissions from one person produce one lead.
 */
export async function writeCapture(
  write: CaptureWrite,
): Promise<{ submissionId: string; leadId: string; isNewLead: boolean }> {
  return db.$transaction(async (tx) => {
    const normalisedEmail = write.email.toLowerCase();
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${normalisedEmail}))`;
    const existing = await tx.lead.findFirst({
      where: { email: { equals: write.email, mode: "insensitive" } },
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true, phone: true, company: true, industry: true },
    });

    let leadId: string;
    if (existing) {
      leadId = existing.id;
      const fill = {
        ...(existing.name ? {} : { name: write.lead.name }),
        ...(existing.phone || !write.lead.phone ? {} : { phone: write.lead.phone }),
        ...(existing.company || !write.lead.company ? {} : { company: write.lead.company }),
        ...(existing.industry || !write.lead.industry ? {} : { industry: write.lead.industry }),
      };
      if (Object.keys(fill).length > 0) await tx.lead.update({ where: { id: leadId }, data: fill });
    } else {
      const created = await tx.lead.create({
        data: { ...write.lead, email: write.email, stage: "Qualification" },
        select: { id: true },
      });
      leadId = created.id;
    }
    await tx.activity.create({
      data: { leadId, type: "optin", content: write.activityContent, actor: "system" },
    });
    const submission = await tx.leadSubmission.create({
      data: {
        submissionId: write.submissionId,
        leadId,
        source: write.lead.source,
        lang: write.lead.lang,
        answers: write.answers,
        userAgent: write.userAgent,
        referrer: write.referrer,
      },
      select: { id: true },
    });
    return { submissionId: submission.id, leadId, isNewLead: !existing };
  });
}
