import "server-only";
import { db, inTransaction, type DbClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttributionDto } from "./lead-attribution.schema";
import { takeSalesTurn } from "./lead-assignment.repo";

/** A submission stored under this client id, in the pipeline or held for review. */
export async function findSubmissionById(submissionId: string): Promise<{ id: string } | null> {
  return (
    (await db.leadSubmission.findUnique({ where: { submissionId }, select: { id: true } })) ??
    (await db.heldLeadSubmission.findUnique({ where: { submissionId }, select: { id: true } }))
  );
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/** The submission (stored or held) with this body hash received after `since`, if any. */
async function findRecentByBodyHash(
  client: Tx | typeof db,
  bodyHash: string,
  since: Date,
): Promise<{ id: string } | null> {
  return (
    (await client.leadSubmission.findFirst({
      where: { bodyHash, createdAt: { gt: since } },
      select: { id: true },
    })) ??
    (await client.heldLeadSubmission.findFirst({
      where: { bodyHash, createdAt: { gt: since } },
      select: { id: true },
    }))
  );
}

export function findRecentSubmission(bodyHash: string, since: Date) {
  return findRecentByBodyHash(db, bodyHash, since);
}

const lockEmail = (tx: Tx, email: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${email.toLowerCase()}))`;

export interface HeldWrite {
  submissionId: string;
  bodyHash: string;
  /** When set, an identical body after this time is the same submission (a retry without an id). */
  dedupeSince: Date | null;
  email: string;
  payload: Prisma.InputJsonValue;
  clientAddress: string | null;
  userAgent: string | null;
  referrer: string | null;
}

/** Keeps a submission for review in the CRM instead of the pipeline (past the global threshold). */
export async function writeHeld(write: HeldWrite): Promise<{ id: string }> {
  return db.$transaction(async (tx) => {
    await lockEmail(tx, write.email);
    if (write.dedupeSince) {
      const earlier = await findRecentByBodyHash(tx, write.bodyHash, write.dedupeSince);
      if (earlier) return earlier;
    }
    return tx.heldLeadSubmission.create({
      data: {
        submissionId: write.submissionId,
        bodyHash: write.bodyHash,
        email: write.email,
        payload: write.payload,
        clientAddress: write.clientAddress,
        userAgent: write.userAgent,
        referrer: write.referrer,
      },
      select: { id: true },
    });
  });
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
  bodyHash: string;
  /** When set, an identical body after this time is the same submission (a retry without an id). */
  dedupeSince: Date | null;
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
  /** The timeline entry's facts: which form, and the contact form's message. */
  activityDetail: { source: string; message: string | null };
  answers: Prisma.InputJsonValue;
  userAgent: string | null;
  referrer: string | null;
  /** Where the visitor came from (lib/leads/lead-attribution.schema.ts); null = unknown. */
  attribution: AttributionDto | null;
}

/**
 * In one transaction (the caller's, when given): the lead (created, or its empty fields filled when
 * the e-mail is known, case-insensitively), an `optin` activity, and the full submission. An advisory
 * lock on the e-mail makes two simultaneous first submissions from one person produce one lead. A
 * new lead takes the next sales turn (`takesTurn`) in the same transaction (docs/product.md#crm: round-robin).
 */
export async function writeCapture(
  write: CaptureWrite,
  { takesTurn }: { takesTurn: boolean },
  client: DbClient = db,
): Promise<{ submissionId: string; leadId: string | null; isNewLead: boolean }> {
  return inTransaction(async (tx) => {
    await lockEmail(tx, write.email);
    if (write.dedupeSince) {
      const earlier = await findRecentByBodyHash(tx, write.bodyHash, write.dedupeSince);
      if (earlier) return { submissionId: earlier.id, leadId: null, isNewLead: false };
    }
    const existing = await tx.lead.findFirst({
      where: { email: { equals: write.email, mode: "insensitive" } },
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true, phone: true, company: true, industry: true },
    });

    let leadId: string;
    // A known e-mail never overwrites what staff see: the submission only fills fields still empty.
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
        data: {
          ...write.lead,
          email: write.email,
          stage: "Qualification",
          ownerId: takesTurn ? await takeSalesTurn(tx) : null,
        },
        select: { id: true },
      });
      leadId = created.id;
    }
    await tx.activity.create({
      data: {
        leadId,
        type: "optin",
        content: write.activityContent,
        detail: write.activityDetail,
        actor: "system",
      },
    });
    const submission = await tx.leadSubmission.create({
      data: {
        submissionId: write.submissionId,
        bodyHash: write.bodyHash,
        leadId,
        source: write.lead.source,
        lang: write.lead.lang,
        answers: write.answers,
        userAgent: write.userAgent,
        referrer: write.referrer,
        attribution: write.attribution
          ? (write.attribution as unknown as Prisma.InputJsonValue)
          : Prisma.DbNull,
      },
      select: { id: true },
    });
    return { submissionId: submission.id, leadId, isNewLead: !existing };
  }, client);
}
