import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { listFunnelLeadIds } from "@/lib/analytics/funnel.service";
import { daysBetween, MAX_CUSTOM_DAYS } from "@/lib/analytics/periods";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/http/app-error";
import { attributionOfLead } from "@/lib/leads/lead-attribution.service";
import { roleAtLeast } from "@/lib/staff/roles";
import type { StaffAccountRef } from "@/lib/staff/session.service";
import {
  LEAD_STAGES,
  LEADS_PAGE_SIZE,
  type ActivityDetail,
  type ActivityDto,
  type Actor,
  type LeadDetailDto,
  type LeadDto,
  type LeadPageDto,
  type LeadStage,
  type SubmissionDto,
  type TAddActivity,
  type TCreateLead,
  type TLeadListQuery,
  type TOwnerFilter,
} from "./crm.schema";
import {
  decodeSortCursor,
  encodeSortCursor,
  getPipelineTotals,
  selectSortedLeadPage,
  withDealFacts,
  wonSinceOf,
} from "./deal-value.service";
import type { PipelineDto, WonPeriod } from "./deal-value.schema";
import { foldForSearch } from "./fold";
import {
  countLeadsByStage,
  insertActivity,
  insertLead,
  leadExists,
  recordActivityAndStageInTransaction,
  selectActivities,
  selectAllLeads,
  selectLead,
  selectLeadPage,
  updateLeadStage,
  type LeadRow,
  type OwnerCondition,
} from "./lead.repo";
import { takeSalesTurnInTransaction } from "./lead-owner.repo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXPORT_MAX_ROWS = 50_000;

export function toLeadDto(row: LeadRow): LeadDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    industry: row.industry,
    stage: row.stage,
    source: row.source,
    lang: row.lang,
    owner: row.owner ? { id: row.owner.id, name: row.owner.name } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Only a flat object of texts is a detail; anything else stored there reads as none. */
function toActivityDetail(value: unknown): ActivityDetail | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const entries = Object.entries(value).filter(
    ([, field]) => field === null || typeof field === "string",
  );
  return Object.fromEntries(entries) as ActivityDetail;
}

function toActivityDto(row: {
  id: string;
  leadId: string;
  type: string;
  content: string;
  detail: unknown;
  actor: string | null;
  createdAt: Date;
}): ActivityDto {
  return {
    id: row.id,
    lead_id: row.leadId,
    type: row.type,
    content: row.content,
    detail: toActivityDetail(row.detail),
    actor: row.actor,
    created_at: row.createdAt.toISOString(),
  };
}

function encodeCursor(row: LeadRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("validation", "The cursor is not valid; start from the first page.", {
      fields: { cursor: ["Not a valid cursor."] },
    });
  }
  return { createdAt, id };
}

/**
 * The owner condition for `me`, `none` or an account id; "nothing" for `me` when the session has no account
 * (a shared-password session owns no leads).
 */
export function ownerConditionOf(
  filter: TOwnerFilter | undefined,
  viewer: StaffAccountRef | null,
): OwnerCondition | undefined | "nothing" {
  if (!filter) return undefined;
  if (filter === "none") return { isUnassigned: true };
  if (filter === "me") return viewer ? { accountId: viewer.id } : "nothing";
  return { accountId: filter };
}

const filterOf = (
  query: Pick<TLeadListQuery, "stage" | "q" | "won_period">,
  owner: OwnerCondition | undefined,
) => ({
  stage: query.stage,
  owner,
  foldedQuery: query.q ? foldForSearch(query.q) : undefined,
  wonSince: (query.won_period && wonSinceOf(query.won_period)) || undefined,
});

/**
 * One page of leads filtered by stage, owner and a case- and accent-insensitive search: newest first, or by
 * value or by days in stage.
 */
export async function listLeads(
  query: TLeadListQuery,
  viewer: StaffAccountRef | null,
): Promise<LeadPageDto> {
  const owner = ownerConditionOf(query.owner, viewer);
  const ids = await funnelLeadIdsOf(query, viewer);
  if (owner === "nothing") return { leads: [], next_cursor: null };
  const filter = { ...filterOf(query, owner), ids };
  if (query.sort === "value" || query.sort === "age") {
    const offset = query.cursor ? decodeSortCursor(query.sort, query.cursor) : 0;
    const { rows, nextOffset } = await selectSortedLeadPage(filter, query.sort, offset);
    return {
      leads: await withDealFacts(rows.map(toLeadDto)),
      next_cursor: nextOffset === null ? null : encodeSortCursor(query.sort, nextOffset),
    };
  }
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await selectLeadPage(filter, after, LEADS_PAGE_SIZE + 1);
  const page = rows.slice(0, LEADS_PAGE_SIZE);
  return {
    leads: await withDealFacts(page.map(toLeadDto)),
    next_cursor: rows.length > LEADS_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
  };
}

/**
 * The leads behind a dashboard figure when the query names a funnel step, else undefined. Managers and
 * owners only: the dashboard shows sales people plain numbers (docs/product.md#sales-funnel).
 */
async function funnelLeadIdsOf(
  query: TLeadListQuery,
  viewer: StaffAccountRef | null,
): Promise<string[] | undefined> {
  const { funnel_step: step, from, to, channel, landing_page: landingPage, currency } = query;
  if (!step) {
    const stray = (["from", "to", "channel", "landing_page", "currency"] as const).filter(
      (key) => query[key] !== undefined,
    );
    if (stray.length === 0) return undefined;
    throw new AppError("validation", "These filters need funnel_step.", {
      fields: Object.fromEntries(stray.map((key) => [key, ["Only with funnel_step."]])),
    });
  }
  // A shared-password session counts as the owner (lib/staff/staff-route.ts).
  if (!roleAtLeast(viewer?.role ?? "owner", "manager"))
    throw new AppError("forbidden", "Your role does not allow this.");
  const fields: Record<string, string[]> = {};
  if (!from) fields.from = ["A funnel filter needs from."];
  if (!to) fields.to = ["A funnel filter needs to."];
  if (from && to && from > to) fields.to = ["to must not be before from."];
  else if (from && to && daysBetween(from, to) + 1 > MAX_CUSTOM_DAYS)
    fields.to = ["The period may span at most two years."];
  if (currency && step !== "signed") fields.currency = ["Only with funnel_step=signed."];
  if (Object.keys(fields).length > 0)
    throw new AppError("validation", "The funnel filter is not valid.", { fields });
  return listFunnelLeadIds(
    { step, from: from!, to: to!, channel, landingPage, currency },
    serverEnv().ANALYTICS_TIME_ZONE,
  );
}

/** Every lead matching the filter, for export. */
export async function listLeadsForExport(
  query: Pick<TLeadListQuery, "stage" | "q" | "owner" | "won_period">,
  viewer: StaffAccountRef | null,
): Promise<LeadDto[]> {
  const owner = ownerConditionOf(query.owner, viewer);
  if (owner === "nothing") return [];
  return (await selectAllLeads(filterOf(query, owner), EXPORT_MAX_ROWS)).map(toLeadDto);
}

export async function getLead(id: string): Promise<LeadDetailDto> {
  const row = UUID.test(id) ? await selectLead(id) : null;
  if (!row) throw new AppError("not_found", "There is no lead with this id.");
  const { submissions, ...lead } = row;
  const history: SubmissionDto[] = submissions.map((submission) => ({
    id: submission.id,
    source: submission.source,
    lang: submission.lang,
    created_at: submission.createdAt.toISOString(),
    answers:
      submission.answers &&
      typeof submission.answers === "object" &&
      !Array.isArray(submission.answers)
        ? (submission.answers as Record<string, unknown>)
        : {},
  }));
  // The questionnaire is what a proposal is drawn from; a later contact message must not hide it.
  const questionnaire = history.find((submission) => submission.source === QUESTIONNAIRE_SOURCE);
  const [withFacts] = await withDealFacts([toLeadDto(lead)]);
  return {
    ...withFacts!,
    answers: questionnaire ? questionnaire.answers : null,
    answered_at: questionnaire ? questionnaire.created_at : null,
    submissions: history,
    attribution: await attributionOfLead(id),
  };
}

/** The source of the 18-question questionnaire's submissions (the contact form's is home_form). */
const QUESTIONNAIRE_SOURCE = "optin";

/**
 * Inside the transaction creating a new lead: the active sales account whose turn it is, or null when
 * round-robin is off (LEADS_ROUND_ROBIN=off) or there is no active sales account.
 */
export async function pickNewLeadOwnerInTransaction(
  tx: Prisma.TransactionClient,
): Promise<string | null> {
  if (serverEnv().LEADS_ROUND_ROBIN === "off") return null;
  return takeSalesTurnInTransaction(tx);
}

export async function createLead(input: TCreateLead): Promise<LeadDto> {
  return toLeadDto(await insertLead({ ...input, source: "manual" }, pickNewLeadOwnerInTransaction));
}

export async function moveLead(id: string, stage: LeadStage, actor: Actor): Promise<LeadDto> {
  const result = UUID.test(id) ? await updateLeadStage(id, stage, actor) : null;
  if (!result) throw new AppError("not_found", "There is no lead with this id.");
  return toLeadDto(result.lead);
}

export async function listActivities(leadId: string): Promise<ActivityDto[]> {
  await assertLeadExists(leadId);
  return (await selectActivities(leadId)).map(toActivityDto);
}

export async function addActivity(
  leadId: string,
  input: TAddActivity,
  actor: Actor,
  detail?: ActivityDetail,
): Promise<ActivityDto> {
  await assertLeadExists(leadId);
  return toActivityDto(
    await insertActivity({ leadId, type: input.type, content: input.content, detail, actor }),
  );
}

export async function assertLeadExists(id: string): Promise<void> {
  if (!UUID.test(id) || !(await leadExists(id)))
    throw new AppError("not_found", "There is no lead with this id.");
}

export function isLeadId(id: string): boolean {
  return UUID.test(id);
}

const NO_ACCOUNT_ID = "00000000-0000-0000-0000-000000000000";

/**
 * The stages in pipeline order with how many leads each holds and their value per currency (Won: the deals won
 * within the period), optionally for one owner's leads.
 */
export async function getPipeline(
  ownerFilter: TOwnerFilter | undefined,
  viewer: StaffAccountRef | null,
  wonPeriod: WonPeriod = "30d",
): Promise<PipelineDto> {
  const condition = ownerConditionOf(ownerFilter, viewer);
  // "me" without an account matches no lead: the nil id is no account's, so both figures come out empty.
  const owner = condition === "nothing" ? { accountId: NO_ACCOUNT_ID } : condition;
  // One instant for the count and the sums, so the Won column's number and total describe the same deals.
  const wonSince = wonSinceOf(wonPeriod) ?? undefined;
  const [counts, totals] = await Promise.all([
    countLeadsByStage({ owner, wonSince }),
    getPipelineTotals({ owner, wonSince }),
  ]);
  return {
    totals,
    won_since: wonSince ? wonSince.toISOString() : null,
    stages: [...LEAD_STAGES],
    counts: Object.fromEntries(LEAD_STAGES.map((stage) => [stage, counts[stage] ?? 0])) as Record<
      LeadStage,
      number
    >,
  };
}

/**
 * A signed proposal wins its lead: the signature note and the move to Won, inside the signing
 * transaction so the three commit together. A lead deleted meanwhile is simply skipped.
 */
export async function winLeadInTransaction(
  tx: Prisma.TransactionClient,
  leadId: string,
  note: { content: string; title: string },
  actor: Actor,
): Promise<void> {
  await recordActivityAndStageInTransaction(
    tx,
    {
      leadId,
      activity: { type: "proposal_signed", content: note.content, detail: { title: note.title } },
      stage: "Won",
    },
    actor,
  );
}
