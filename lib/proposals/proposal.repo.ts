import "server-only";
import { db, inTransaction, sqlQuery, type DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

const proposalFields = {
  id: true,
  token: true,
  data: true,
  lang: true,
  translations: true,
  leadId: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  sentAt: true,
  firstViewedAt: true,
  signedAt: true,
  expiresAt: true,
  version: true,
  withdrawnAt: true,
  remindersEnabled: true,
  erasedAt: true,
} as const;

const signatureFields = {
  fullName: true,
  role: true,
  company: true,
  signedDate: true,
  image: true,
  signedAt: true,
  contentSha256: true,
  version: true,
  lang: true,
} as const;

export type ProposalRow = Prisma.ProposalGetPayload<{ select: typeof proposalFields }>;
export type SignatureRow = Prisma.ProposalSignatureGetPayload<{ select: typeof signatureFields }>;

export interface AuditContext {
  ipAddress: string | null;
  userAgent: string | null;
  actor?: string | null;
  /** The staff account behind `actor`, when one is. */
  actorId?: string | null;
}

const eventData = (proposalId: string, type: string, audit: AuditContext) => ({
  proposalId,
  type,
  ipAddress: audit.ipAddress,
  userAgent: audit.userAgent?.slice(0, 500) ?? null,
  actor: audit.actor ?? null,
  actorId: audit.actorId ?? null,
});

/** Statuses in which the client link is open (before expiry is taken into account). */
const OPEN_STATUSES = ["shared", "viewed"] as const;

/**
 * Stores a new proposal. With `unlessLeadHasOne`, a lead that already has an open (draft, shared, viewed
 * and not past its date) or signed proposal gets none: the answer names that one instead. The check and the
 * insert hold the lead's lock, so two saves at once cannot both pass it.
 */
export async function insertProposal(
  input: {
    token: string;
    data: Prisma.InputJsonValue;
    translations: Prisma.InputJsonValue;
    lang: string;
    leadId: string | null;
    contentSha256: string;
  },
  audit: AuditContext,
  options: { unlessLeadHasOne?: boolean } = {},
): Promise<ProposalRow | { existingId: string }> {
  const { contentSha256, ...proposal } = input;
  return db.$transaction(async (tx) => {
    if (options.unlessLeadHasOne && input.leadId) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('proposal-for-lead:' || ${input.leadId}))`;
      const existing = await tx.proposal.findFirst({
        where: {
          leadId: input.leadId,
          erasedAt: null,
          OR: [
            { status: "signed" },
            { status: "draft" },
            {
              status: { in: [...OPEN_STATUSES] },
              OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
            },
          ],
        },
        orderBy: { createdAt: "desc" },
        select: { id: true },
      });
      if (existing) return { existingId: existing.id };
    }
    const row = await tx.proposal.create({ data: proposal, select: proposalFields });
    await tx.proposalVersion.create({
      data: {
        proposalId: row.id,
        version: 1,
        data: { data: input.data, translations: input.translations },
        contentSha256,
        actor: audit.actor ?? null,
      },
    });
    await tx.proposalEvent.create({ data: eventData(row.id, "created", audit) });
    return row;
  });
}

export interface ProposalListFilter {
  status?: string;
  authorId?: string;
  leadId?: string;
  q?: string;
  /** Under the owner's "own" visibility: only proposals without a lead or of this account's or unassigned leads. */
  visibleTo?: string;
  after?: { createdAt: Date; id: string };
  now: Date;
}

/**
 * One page of the proposals list, newest first: the ids are chosen in SQL (the status an expired link reads as,
 * the author's "created" event, accent-free search over the title, the client and the lead), then read whole.
 */
export async function selectProposalPage(filter: ProposalListFilter, limit: number) {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown, cast = "") => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  // An open link past its date reads as expired (proposal-dto.ts statusOf); the filter agrees with what is shown.
  if (filter.status === "expired") {
    conditions.push(
      `(p.status = 'expired' OR (p.status IN ('shared', 'viewed') AND p.expires_at < ${param(filter.now)}))`,
    );
  } else if (filter.status === "shared" || filter.status === "viewed") {
    conditions.push(
      `p.status = ${param(filter.status)}::"ProposalStatus" AND (p.expires_at IS NULL OR p.expires_at >= ${param(filter.now)})`,
    );
  } else if (filter.status) {
    conditions.push(`p.status = ${param(filter.status)}::"ProposalStatus"`);
  }
  if (filter.authorId) {
    conditions.push(
      `(SELECT e.actor_id FROM proposal_events e WHERE e.proposal_id = p.id AND e.type = 'created' ORDER BY e.id LIMIT 1) = ${param(filter.authorId, "::uuid")}`,
    );
  }
  if (filter.leadId) conditions.push(`p.lead_id = ${param(filter.leadId, "::uuid")}`);
  if (filter.q) {
    const like = param(filter.q.replace(/[\\%_]/g, (c) => `\\${c}`));
    conditions.push(
      `crm_fold(concat_ws(' ', p.data->>'title', p.data->'client'->>'name', l.name, l.email, l.company)) LIKE '%' || crm_fold(${like}) || '%'`,
    );
  }
  if (filter.visibleTo) {
    conditions.push(
      `(p.lead_id IS NULL OR l.owner_id IS NULL OR l.owner_id = ${param(filter.visibleTo, "::uuid")})`,
    );
  }
  if (filter.after) {
    conditions.push(
      `(p.created_at, p.id) < (${param(filter.after.createdAt)}, ${param(filter.after.id, "::uuid")})`,
    );
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const { rows } = await sqlQuery<{ id: string }>(
    `SELECT p.id FROM proposals p LEFT JOIN leads l ON l.id = p.lead_id ${where}
     ORDER BY p.created_at DESC, p.id DESC LIMIT ${param(limit)}`,
    values,
  );
  if (rows.length === 0) return [];
  const found = await db.proposal.findMany({
    where: { id: { in: rows.map((row) => row.id) } },
    select: {
      ...proposalFields,
      lead: { select: { id: true, name: true, company: true, email: true } },
      events: {
        where: { type: "created" },
        orderBy: { id: "asc" },
        take: 1,
        select: { actorAccount: { select: { id: true, name: true } } },
      },
    },
  });
  const byId = new Map(found.map((row) => [row.id, row]));
  return rows.flatMap((row) => byId.get(row.id) ?? []);
}

/** Open (shared or viewed) proposals whose link expires in (from, to], soonest first. */
export function selectProposalsExpiringBetween(from: Date, to: Date, limit: number) {
  return db.proposal.findMany({
    where: { status: { in: [...OPEN_STATUSES] }, expiresAt: { gt: from, lte: to } },
    orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
    take: limit,
    select: proposalFields,
  });
}

export function selectProposal(id: string, client: DbClient = db) {
  return client.proposal.findUnique({
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

/**
 * Stores new content as the next version, with who made it, unless the proposal has been signed
 * meanwhile; null when it was.
 */
export async function updateUnsignedProposalData(
  id: string,
  input: {
    data: Prisma.InputJsonValue;
    translations?: Prisma.InputJsonValue;
    lang: string;
    contentSha256: string;
  },
  audit: AuditContext,
): Promise<number | null> {
  return db.$transaction(async (tx) => {
    const changed = await tx.proposal.updateMany({
      where: { id, status: { not: "signed" } },
      data: {
        data: input.data,
        lang: input.lang,
        version: { increment: 1 },
        ...(input.translations !== undefined ? { translations: input.translations } : {}),
      },
    });
    if (changed.count !== 1) return null;
    const { version, translations } = await tx.proposal.findUniqueOrThrow({
      where: { id },
      select: { version: true, translations: true },
    });
    await tx.proposalVersion.create({
      data: {
        proposalId: id,
        version,
        data: { data: input.data, translations: translations ?? {} },
        contentSha256: input.contentSha256,
        actor: audit.actor ?? null,
      },
    });
    await tx.proposalEvent.create({ data: eventData(id, "edited", audit) });
    return version;
  });
}

export function selectVersions(proposalId: string) {
  return db.proposalVersion.findMany({
    where: { proposalId },
    orderBy: { version: "asc" },
    select: { version: true, contentSha256: true, actor: true, createdAt: true },
  });
}

export function insertEvent(
  proposalId: string,
  type: string,
  audit: AuditContext,
  client: DbClient = db,
) {
  return client.proposalEvent.create({ data: eventData(proposalId, type, audit) });
}

/** What deciding who may open or change a proposal needs: its status, its lead's owner and its author. */
export async function selectAccessFacts(proposalId: string) {
  const row = await db.proposal.findUnique({
    where: { id: proposalId },
    select: {
      status: true,
      lead: { select: { ownerId: true } },
      events: {
        where: { type: "created" },
        orderBy: { id: "asc" },
        take: 1,
        select: { actorId: true },
      },
    },
  });
  if (!row) return null;
  return {
    status: row.status,
    leadOwnerId: row.lead?.ownerId ?? null,
    authorId: row.events[0]?.actorId ?? null,
  };
}

/** The staff account that created the proposal (its "created" event), if one did. */
export async function selectAuthorId(proposalId: string): Promise<string | null> {
  const created = await db.proposalEvent.findFirst({
    where: { proposalId, type: "created" },
    orderBy: { id: "asc" },
    select: { actorId: true },
  });
  return created?.actorId ?? null;
}

export function selectEvents(proposalId: string) {
  return db.proposalEvent.findMany({
    where: { proposalId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { type: true, ipAddress: true, userAgent: true, actor: true, createdAt: true },
  });
}

/** A client view: the first one also sets first_viewed_at and moves a shared proposal to "viewed". */
/** Records a client's view; true on the very first one. */
export async function recordClientView(
  proposalId: string,
  audit: AuditContext,
  client: DbClient = db,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const firstView = await tx.proposal.updateMany({
      where: { id: proposalId, firstViewedAt: null },
      data: { firstViewedAt: new Date() },
    });
    if (firstView.count === 1) {
      await tx.proposal.updateMany({
        where: { id: proposalId, status: "shared" },
        data: { status: "viewed" },
      });
      await tx.proposalEvent.create({ data: eventData(proposalId, "opened", audit) });
    }
    await tx.proposalEvent.create({ data: eventData(proposalId, "viewed", audit) });
    return firstView.count === 1;
  }, client);
}

/** Marks an open proposal past its date as expired (once), with its audit event. */
export async function markExpired(proposalId: string, audit: AuditContext): Promise<void> {
  await db.$transaction(async (tx) => {
    const changed = await tx.proposal.updateMany({
      where: { id: proposalId, status: { in: [...OPEN_STATUSES] }, expiresAt: { lt: new Date() } },
      data: { status: "expired" },
    });
    if (changed.count === 1)
      await tx.proposalEvent.create({ data: eventData(proposalId, "expired", audit) });
  });
}

/**
 * Opens a draft's client link for `validMs` from `now` and records who shared it; a proposal
 * already shared keeps its dates. True when this call did the sharing.
 */
export async function markShared(
  proposalId: string,
  now: Date,
  validMs: number,
  audit: AuditContext,
  client: DbClient = db,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const changed = await tx.proposal.updateMany({
      where: { id: proposalId, status: "draft" },
      data: {
        status: "shared",
        sentAt: now,
        expiresAt: new Date(now.getTime() + validMs),
      },
    });
    if (changed.count === 1)
      await tx.proposalEvent.create({ data: eventData(proposalId, "shared", audit) });
    return changed.count === 1;
  }, client);
}

/**
 * Moves an unsigned, shared proposal's validity to `expiresAt` (reopening it when it had expired);
 * false when it is a draft, signed or withdrawn.
 */
export async function updateExpiry(
  proposalId: string,
  expiresAt: Date,
  audit: AuditContext,
  client: DbClient = db,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const current = await tx.proposal.findUnique({
      where: { id: proposalId },
      select: { status: true, firstViewedAt: true },
    });
    if (!current || !["shared", "viewed", "expired"].includes(current.status)) return false;
    const reopened = current.firstViewedAt ? "viewed" : "shared";
    const changed = await tx.proposal.updateMany({
      where: { id: proposalId, status: current.status },
      data: { expiresAt, status: current.status === "expired" ? reopened : current.status },
    });
    if (changed.count !== 1) return false;
    await tx.proposalEvent.create({ data: eventData(proposalId, "extended", audit) });
    return true;
  }, client);
}

/** Turns the client's reminder on or off, with its audit event when it changed; false for an unknown id. */
export async function updateRemindersEnabled(
  proposalId: string,
  enabled: boolean,
  audit: AuditContext,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const changed = await tx.proposal.updateMany({
      where: { id: proposalId, remindersEnabled: !enabled },
      data: { remindersEnabled: enabled },
    });
    if (changed.count === 1)
      await tx.proposalEvent.create({
        data: eventData(proposalId, enabled ? "reminders_on" : "reminders_off", audit),
      });
    return (await tx.proposal.count({ where: { id: proposalId } })) === 1;
  });
}

/** Closes the client link for good unless the proposal is signed; false when it was signed. */
export async function markWithdrawn(proposalId: string, audit: AuditContext): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const changed = await tx.proposal.updateMany({
      where: { id: proposalId, status: { notIn: ["signed", "withdrawn"] } },
      data: { status: "withdrawn", withdrawnAt: new Date() },
    });
    if (changed.count === 1)
      await tx.proposalEvent.create({ data: eventData(proposalId, "withdrawn", audit) });
    const row = await tx.proposal.findUnique({
      where: { id: proposalId },
      select: { status: true },
    });
    return row?.status === "withdrawn";
  });
}

/**
 * In one transaction (the caller's, when given, so the lead's move to Won and the e-mails commit with
 * it): claims the proposal for signing only if it is still open and still at the `version` the signer
 * read, and stores the signature and its audit event. Null when the proposal changed, was signed,
 * expired or was withdrawn meanwhile. The unique key on proposal_id turns a concurrent second
 * signature into a unique violation.
 */
export async function insertSignature(
  proposalId: string,
  signature: {
    fullName: string;
    role: string;
    company: string;
    signedDate: string;
    image: Uint8Array<ArrayBuffer>;
    contentSha256: string;
    version: number;
    lang: string;
    signedAt: Date;
    pdf: Uint8Array<ArrayBuffer>;
    pdfSha256: string;
    revenueCurrency: string | null;
    revenueInitial: number | null;
    revenueMonthly: number | null;
  },
  audit: AuditContext,
  client: DbClient = db,
) {
  return inTransaction(async (tx) => {
    const { signedAt } = signature;
    const claimed = await tx.proposal.updateMany({
      where: {
        id: proposalId,
        version: signature.version,
        status: { in: [...OPEN_STATUSES] },
        expiresAt: { gt: signedAt },
      },
      data: { status: "signed", signedAt },
    });
    if (claimed.count !== 1) return null;
    const saved = await tx.proposalSignature.create({
      data: {
        proposalId,
        ...signature,
        ipAddress: audit.ipAddress,
        userAgent: audit.userAgent?.slice(0, 500) ?? null,
      },
      select: signatureFields,
    });
    await tx.proposalEvent.create({
      data: { ...eventData(proposalId, "signed", audit), createdAt: signedAt },
    });
    return saved;
  }, client);
}

/**
 * The sealed PDF of a signed proposal, by its client token or its id; null before signing. After the
 * lead's erasure `pdf` is null and `erasedAt` says when: the file named the signer.
 */
export async function selectSealedPdf(where: { token: string } | { id: string }) {
  const row = await db.proposal.findUnique({
    where,
    select: {
      status: true,
      erasedAt: true,
      signature: { select: { pdf: true, pdfSha256: true } },
    },
  });
  if (!row?.signature || (!row.signature.pdf && !row.erasedAt)) return null;
  return { status: row.status, pdf: row.signature.pdf, erasedAt: row.erasedAt };
}

/** What a sealed PDF's hash says about it: the document's title and who signed it when. */
const verifiedFields = {
  fullName: true,
  company: true,
  signedAt: true,
  proposal: { select: { data: true } },
} satisfies Prisma.ProposalSignatureSelect;

export function selectSignatureByPdfSha256(pdfSha256: string) {
  return db.proposalSignature.findUnique({ where: { pdfSha256 }, select: verifiedFields });
}

/** Equal content signed twice (two proposals with the same text) answers with the first signing. */
export function selectSignatureByContentSha256(contentSha256: string) {
  return db.proposalSignature.findFirst({
    where: { contentSha256 },
    orderBy: { signedAt: "asc" },
    select: verifiedFields,
  });
}
