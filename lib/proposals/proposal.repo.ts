import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { MailOutcome } from "./proposal.schema";

const proposalFields = {
  id: true,
  token: true,
  data: true,
  lang: true,
  leadId: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  sentAt: true,
  firstViewedAt: true,
  signedAt: true,
  expiresAt: true,
} as const;

const signatureFields = {
  fullName: true,
  role: true,
  company: true,
  signedDate: true,
  image: true,
  signedAt: true,
  contentSha256: true,
} as const;

export type ProposalRow = Prisma.ProposalGetPayload<{ select: typeof proposalFields }>;
export type SignatureRow = Prisma.ProposalSignatureGetPayload<{ select: typeof signatureFields }>;

export interface AuditContext {
  ipAddress: string | null;
  userAgent: string | null;
  actor?: string | null;
}

const eventData = (proposalId: string, type: string, audit: AuditContext) => ({
  proposalId,
  type,
  ipAddress: audit.ipAddress,
  userAgent: audit.userAgent?.slice(0, 500) ?? null,
  actor: audit.actor ?? null,
});

export async function insertProposal(
  input: { token: string; data: Prisma.InputJsonValue; lang: string; leadId: string | null },
  audit: AuditContext,
): Promise<ProposalRow> {
  return db.$transaction(async (tx) => {
    const row = await tx.proposal.create({ data: input, select: proposalFields });
    await tx.proposalEvent.create({ data: eventData(row.id, "created", audit) });
    return row;
  });
}

export function selectProposals(limit: number) {
  return db.proposal.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: proposalFields,
  });
}

export function selectProposal(id: string) {
  return db.proposal.findUnique({
    where: { id },
    select: { ...proposalFields, signature: { select: signatureFields } },
  });
}

export function selectProposalByToken(token: string) {
  return db.proposal.findUnique({
    where: { token },
    select: { ...proposalFields, signature: { select: signatureFields } },
  });
}

/** Replaces the data unless the proposal has been signed meanwhile; false when it was. */
export async function updateUnsignedProposalData(
  id: string,
  data: Prisma.InputJsonValue,
  lang: string,
): Promise<boolean> {
  const result = await db.proposal.updateMany({
    where: { id, status: { not: "signed" } },
    data: { data, lang },
  });
  return result.count === 1;
}

export function insertEvent(proposalId: string, type: string, audit: AuditContext) {
  return db.proposalEvent.create({ data: eventData(proposalId, type, audit) });
}

/** A client view: the first one also sets first_viewed_at and moves a sent proposal to "viewed". */
export async function recordClientView(proposalId: string, audit: AuditContext): Promise<void> {
  await db.$transaction(async (tx) => {
    const firstView = await tx.proposal.updateMany({
      where: { id: proposalId, firstViewedAt: null },
      data: { firstViewedAt: new Date() },
    });
    if (firstView.count === 1) {
      await tx.proposal.updateMany({
        where: { id: proposalId, status: "sent" },
        data: { status: "viewed" },
      });
      await tx.proposalEvent.create({ data: eventData(proposalId, "opened", audit) });
    }
    await tx.proposalEvent.create({ data: eventData(proposalId, "viewed", audit) });
  });
}

/** Marks a sent or viewed proposal past its date as expired (once), with its audit event. */
export async function markExpired(proposalId: string, audit: AuditContext): Promise<void> {
  await db.$transaction(async (tx) => {
    const changed = await tx.proposal.updateMany({
      where: { id: proposalId, status: { in: ["sent", "viewed"] }, expiresAt: { lt: new Date() } },
      data: { status: "expired" },
    });
    if (changed.count === 1)
      await tx.proposalEvent.create({ data: eventData(proposalId, "expired", audit) });
  });
}

/** Sending starts the 30 days once; a resend keeps the first dates, unless the proposal had expired. */
export async function markSent(
  proposalId: string,
  sentAt: Date,
  expiresAt: Date,
  audit: AuditContext,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.proposal.updateMany({
      where: { id: proposalId, sentAt: null },
      data: { sentAt, expiresAt },
    });
    await tx.proposal.updateMany({
      where: {
        id: proposalId,
        OR: [
          { status: "expired" },
          { status: { in: ["sent", "viewed"] }, expiresAt: { lt: sentAt } },
        ],
      },
      data: { sentAt, expiresAt, status: "sent" },
    });
    await tx.proposal.updateMany({
      where: { id: proposalId, status: "draft" },
      data: { status: "sent" },
    });
    await tx.proposalEvent.create({ data: eventData(proposalId, "sent", audit) });
  });
}

/**
 * Stores the signature and moves the proposal to "signed" in one transaction, only if the proposal is
 * still the version the signer was shown (`seenUpdatedAt`); null when it changed meanwhile. The unique
 * key on proposal_id makes a concurrent second signature fail with a unique violation (a 409).
 */
export async function insertSignature(
  proposalId: string,
  seenUpdatedAt: Date,
  signature: {
    fullName: string;
    role: string;
    company: string;
    signedDate: string;
    image: Uint8Array<ArrayBuffer>;
    contentSha256: string;
  },
  audit: AuditContext,
) {
  return db.$transaction(async (tx) => {
    const signedAt = new Date();
    const claimed = await tx.proposal.updateMany({
      where: { id: proposalId, updatedAt: seenUpdatedAt, status: { not: "signed" } },
      data: { status: "signed", signedAt },
    });
    if (claimed.count !== 1) return null;
    const saved = await tx.proposalSignature.create({
      data: {
        proposalId,
        ...signature,
        signedAt,
        ipAddress: audit.ipAddress,
        userAgent: audit.userAgent?.slice(0, 500) ?? null,
      },
      select: signatureFields,
    });
    await tx.proposalEvent.create({ data: eventData(proposalId, "signed", audit) });
    return saved;
  });
}

export function insertMailMessage(data: {
  proposalId: string | null;
  kind: string;
  toAddress: string;
  subject: string;
  status: MailOutcome;
  detail: string | null;
}) {
  return db.mailMessage.create({ data, select: { id: true } });
}
