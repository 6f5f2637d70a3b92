import "server-only";
import { appError } from "@/lib/http/server-message";
import { assertMaySeeLead, getLead, isLeadId } from "@/lib/crm/lead.service";
import { proposalFigures, ZStoredInvestment } from "@/lib/money/amounts";
import { inTransaction } from "@/lib/db";
import type { StaffSession } from "@/lib/staff/session.service";
import { leadVisibilityOf } from "@/lib/staff/staff-settings.service";
import { contentSha256 } from "./content-hash";
import { clientLinkOf } from "./proposal-mail";
import { scheduleExpiry } from "./proposal-timers.service";
import {
  DAY_MS,
  dataOf,
  iso,
  newToken,
  statusOf,
  toSignatureDto,
  toSummaryDto,
  translationsOf,
} from "./proposal-dto";
import {
  insertProposal,
  markShared,
  markWithdrawn,
  selectAuthorId,
  selectProposal,
  selectProposalPage,
  selectProposalsExpiringBetween,
  selectSealedPdf,
  updateExpiry,
  updateRemindersEnabled,
  updateUnsignedProposalData,
  type AuditContext,
} from "./proposal.repo";
import {
  PROPOSAL_VALID_DAYS,
  PROPOSALS_PAGE_SIZE,
  type ProposalPageDto,
  type ProposalValueDto,
  type TProposalListQuery,
  type ProposalData,
  type ProposalDto,
  type ProposalSummaryDto,
  type ProposalTranslations,
  type ShareResultDto,
  type TCreateProposal,
  type TExtendProposal,
  type TProposalReminders,
} from "./proposal.schema";

// For the team's alerts and notifications, which name a proposal in each reader's language.
export { clientNameIn, proposalNameIn } from "./proposal-name";

// Staff side of stored proposals: create, list, read, edit (versions), share, extend and withdraw.

const unknownProposal = () => appError("not_found", "noProposal");

/** The lead a proposal belongs to: the one given, else the client's contact id when it names a lead. */
async function resolveLeadId(
  leadId: string | undefined,
  data: ProposalData,
): Promise<string | null> {
  if (leadId) {
    try {
      await getLead(leadId);
    } catch {
      throw appError("validation", "noLead", {
        fields: { lead_id: ["There is no lead with this id."] },
      });
    }
    return leadId;
  }
  const contactId = data.client.contactId.trim();
  if (isLeadId(contactId)) {
    try {
      return (await getLead(contactId)).id;
    } catch {
      return null;
    }
  }
  return null;
}

/** What storing a proposal did: stored it, or found the lead's open or signed one and stored nothing. */
export type CreateProposalOutcome =
  { stored: { id: string; token: string; url: string } } | { existingId: string };

/** Nothing to propose: no client to address it to and nothing offered (no item, one-off or monthly, no subtotal). */
const isEmptyProposal = (data: ProposalData) =>
  data.client.name.trim() === "" &&
  data.investment.subtotal.trim() === "" &&
  [...data.investment.items, ...data.investment.monthly].every(
    (item) => item.label.trim() === "" && item.amount.trim() === "",
  );

/**
 * Stores a new proposal (a draft). A lead with an open or signed proposal gets a second one only when
 * `another` says so: saving the same draft twice must not quietly make two (docs/product.md#proposal-builder).
 */
export async function createProposal(
  input: TCreateProposal,
  audit: AuditContext,
): Promise<CreateProposalOutcome> {
  if (isEmptyProposal(input.data))
    throw appError("validation", "emptyProposal", {
      fields: { "data.client.name": ["Enter the client's name or at least one item."] },
    });
  const leadId = await resolveLeadId(input.lead_id, input.data);
  const row = await insertProposal(
    {
      token: newToken(),
      data: input.data,
      translations: input.translations,
      lang: input.data.lang,
      leadId,
      contentSha256: contentSha256(input.data),
    },
    audit,
    { unlessLeadHasOne: input.another !== true },
  );
  if ("existingId" in row) return { existingId: row.existingId };
  return { stored: { id: row.id, token: row.token, url: clientLinkOf(row.token) } };
}

/**
 * `GET /api/crm/proposals`: a page of stored proposals, newest first, with their lead, author and value. Under
 * the owner's "own" visibility a sales account sees those without a lead or of its own and unassigned leads,
 * and asking for a colleague's lead by `lead_id` is refused (403, audited) as opening it would be.
 */
export async function listProposalPage(
  query: TProposalListQuery,
  session: StaffSession,
  now = new Date(),
): Promise<ProposalPageDto> {
  if (query.lead_id) await assertMaySeeLead(session, query.lead_id, "list_proposals");
  const visibleTo = (await leadVisibilityOf(session)) ?? undefined;
  const rows = await selectProposalPage(
    {
      status: query.status,
      authorId: query.author === "me" ? session.account.id : query.author,
      leadId: query.lead_id,
      q: query.q,
      visibleTo,
      after: query.cursor ? decodeListCursor(query.cursor) : undefined,
      now,
    },
    PROPOSALS_PAGE_SIZE + 1,
  );
  const page = rows.slice(0, PROPOSALS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map((row) => {
      const author = row.events[0]?.actorAccount ?? null;
      return {
        ...toSummaryDto(row),
        lead: row.lead
          ? { id: row.lead.id, name: row.lead.name ?? row.lead.company ?? row.lead.email ?? "" }
          : null,
        author: author ? { id: author.id, name: author.name } : null,
        value: valueOf(row.data),
        shared_at: iso(row.sentAt),
        updated_at: row.updatedAt.toISOString(),
      };
    }),
    next_cursor:
      rows.length > PROPOSALS_PAGE_SIZE && last
        ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url")
        : null,
  };
}

/** The proposal's investment as figures in its own currency, read as the deal value reads it. */
function valueOf(data: unknown): ProposalValueDto | null {
  const parsed = ZStoredInvestment.safeParse(data);
  if (!parsed.success) return null;
  return proposalFigures(parsed.data);
}

function decodeListCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || !isLeadId(id) || Number.isNaN(createdAt.getTime()))
    throw appError("validation", "badCursor", { fields: { cursor: ["Not a valid cursor."] } });
  return { createdAt, id };
}

async function findProposal(id: string) {
  const row = isLeadId(id) ? await selectProposal(id) : null;
  if (!row) throw unknownProposal();
  return row;
}

/** An erased proposal is a closed record: no edit, sharing, new date or e-mail may reopen it. */
export function assertNotErased(
  proposal: { erased_at: string | null } | { erasedAt: Date | null },
) {
  if ("erased_at" in proposal ? proposal.erased_at : proposal.erasedAt)
    throw appError("conflict", "proposalDataErased");
}

export async function getProposal(id: string): Promise<ProposalDto> {
  const row = await findProposal(id);
  return {
    ...toSummaryDto(row),
    data: dataOf(row),
    translations: translationsOf(row),
    signature: row.signature ? toSignatureDto(row.signature) : null,
  };
}

/** Shared, unsigned proposals whose link expires within `days` from `now` (200 at most), soonest first. */
export async function listProposalsExpiringWithin(
  days: number,
  now = new Date(),
): Promise<ProposalSummaryDto[]> {
  const rows = await selectProposalsExpiringBetween(
    now,
    new Date(now.getTime() + days * DAY_MS),
    200,
  );
  return rows.map(toSummaryDto);
}

/** The staff account that created the proposal; null when none did (seeded or from before accounts). */
export function getProposalAuthorId(id: string): Promise<string | null> {
  return selectAuthorId(id);
}

/**
 * Staff edits make a new version, kept with who made it; the client page then shows it and a
 * signature for the older one is refused. A signed proposal is a record of what the client agreed to
 * and never changes.
 */
export async function updateProposal(
  id: string,
  { data, translations }: { data: ProposalData; translations?: ProposalTranslations },
  audit: AuditContext,
): Promise<ProposalDto> {
  const current = await getProposal(id);
  assertNotErased(current);
  const version =
    current.status === "signed"
      ? null
      : await updateUnsignedProposalData(
          id,
          { data, translations, lang: data.lang, contentSha256: contentSha256(data) },
          audit,
        );
  if (version === null) throw appError("conflict", "proposalSignedNoEdit");
  return getProposal(id);
}

/**
 * Opens the client link: the first call starts the 30 days and records who shared it; later calls
 * answer the same link and dates. A withdrawn proposal stays closed.
 */
export async function shareProposal(id: string, audit: AuditContext): Promise<ShareResultDto> {
  const before = await findProposal(id);
  assertNotErased(before);
  if (before.status === "withdrawn") throw appError("conflict", "proposalWithdrawn");
  // The link's opening and its expiry and reminder jobs commit together.
  const row = await inTransaction(async (tx) => {
    if (before.status === "draft")
      await markShared(before.id, new Date(), PROPOSAL_VALID_DAYS * DAY_MS, audit, tx);
    const row = await selectProposal(id, tx);
    if (!row) throw unknownProposal();
    await scheduleExpiry(row.id, row.expiresAt, new Date(), tx);
    return row;
  });
  return { status: statusOf(row), url: clientLinkOf(row.token), expires_at: iso(row.expiresAt) };
}

/** Moves an expired or expiring proposal's date `days` on from today or its current date, whichever is later. */
export async function extendProposal(
  id: string,
  input: TExtendProposal,
  audit: AuditContext,
): Promise<{ expires_at: string }> {
  const row = await findProposal(id);
  assertNotErased(row);
  if (row.status === "signed") throw appError("conflict", "proposalSignedDate");
  if (row.status === "draft") throw appError("conflict", "shareFirst");
  if (row.status === "withdrawn") throw appError("conflict", "proposalWithdrawn");
  const now = Date.now();
  const from = Math.max(now, row.expiresAt?.getTime() ?? now);
  const expiresAt = new Date(from + input.days * DAY_MS);
  // The new date and its expiry and reminder jobs commit together.
  await inTransaction(async (tx) => {
    if (!(await updateExpiry(row.id, expiresAt, audit, tx)))
      throw appError("conflict", "proposalChanged");
    await scheduleExpiry(row.id, expiresAt, new Date(), tx);
  });
  return { expires_at: expiresAt.toISOString() };
}

/**
 * Turns the client's reminder before expiry on or off (any status: it only matters while the link is
 * open, and the reminder job reads it when it runs).
 */
export async function setProposalReminders(
  id: string,
  input: TProposalReminders,
  audit: AuditContext,
): Promise<{ reminders_enabled: boolean }> {
  if (!isLeadId(id) || !(await updateRemindersEnabled(id, input.enabled, audit)))
    throw unknownProposal();
  return { reminders_enabled: input.enabled };
}

/** Closes the client link for good; a signed proposal cannot be withdrawn. */
export async function withdrawProposal(
  id: string,
  audit: AuditContext,
): Promise<{ status: "withdrawn" }> {
  const row = await findProposal(id);
  if (row.status === "signed" || !(await markWithdrawn(row.id, audit)))
    throw appError("conflict", "proposalSignedNoWithdraw");
  return { status: "withdrawn" };
}

/** The sealed PDF of a signed proposal; 404 while it is unsigned. */
export async function getSealedPdf(id: string): Promise<Uint8Array> {
  const sealed = isLeadId(id) ? await selectSealedPdf({ id }) : null;
  if (!sealed) throw appError("not_found", "noSignedPdf");
  if (!sealed.pdf) throw appError("gone", "sealedPdfErased");
  return sealed.pdf;
}
