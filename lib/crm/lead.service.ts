import "server-only";
import { appError } from "@/lib/http/server-message";
import { listFigureLeadIds } from "@/lib/analytics/figure-leads.service";
import { listFunnelLeadIds } from "@/lib/analytics/funnel.service";
import { daysBetween, MAX_CUSTOM_DAYS } from "@/lib/analytics/dashboard.schema";
import { inTransaction, type DbClient } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { attributionOfLead } from "@/lib/leads/lead-attribution.service";
import { pickNewLeadOwner } from "@/lib/leads/lead-assignment.service";
import { roleAtLeast } from "@/lib/staff/staff-access.service";
import type { StaffAccountRef, StaffSession } from "@/lib/staff/session.service";
import {
  assertMayExportLeads,
  leadVisibilityOf,
  refuseAndAudit,
} from "@/lib/staff/staff-settings.service";
import {
  LEAD_STAGES,
  LEADS_PAGE_SIZE,
  STAFF_ACTIVITY_TYPES,
  staffActor,
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
  readLostReasons,
  selectSortedLeadPage,
  withDealFacts,
  wonSinceOf,
} from "./deal-value.service";
import type { PipelineDto, WonPeriod } from "./deal-value.schema";
import { foldForSearch } from "./fold";
import { REASON_NEEDING_DETAIL, type TLostMove } from "./lost-reasons";
import {
  countLeadsByStage,
  insertActivity,
  insertLead,
  insertStageChange,
  leadExists,
  recordActivityAndStage,
  selectActivities,
  selectAllLeads,
  selectLead,
  selectLeadOwnerId,
  selectLeadPage,
  updateLeadStage,
  type LeadRow,
  type OwnerCondition,
  selectExpectedClose,
  selectLeadEmails,
  selectLeadProposals,
  selectLeadTasks,
  recordProposalOpened,
} from "./lead.repo";

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
    throw appError("validation", "badCursor", {
      fields: { cursor: ["Not a valid cursor."] },
    });
  }
  return { createdAt, id };
}

/** The owner condition for `me`, `none` or an account id. */
export function ownerConditionOf(
  filter: TOwnerFilter | undefined,
  viewer: StaffAccountRef,
): OwnerCondition | undefined {
  if (!filter) return undefined;
  if (filter === "none") return { isUnassigned: true };
  if (filter === "me") return { accountId: viewer.id };
  if (filter === "me_or_none") return { accountId: viewer.id, orUnassigned: true };
  return { accountId: filter };
}

const filterOf = (
  query: Pick<TLeadListQuery, "stage" | "q" | "won_period">,
  owner: OwnerCondition | undefined,
  visibleTo: string | null,
) => ({
  stage: query.stage,
  owner,
  foldedQuery: query.q ? foldForSearch(query.q) : undefined,
  wonSince: (query.won_period && wonSinceOf(query.won_period)) || undefined,
  visibleTo: visibleTo ?? undefined,
});

/**
 * One page of leads filtered by stage, owner and a case- and accent-insensitive search: newest first, or by
 * value or by days in stage.
 */
export async function listLeads(
  query: TLeadListQuery,
  session: StaffSession,
): Promise<LeadPageDto> {
  const viewer = session.account;
  const owner = ownerConditionOf(query.owner, viewer);
  const ids = await funnelLeadIdsOf(query, viewer);
  const filter = { ...filterOf(query, owner, await leadVisibilityOf(session)), ids };
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
  viewer: StaffAccountRef,
): Promise<string[] | undefined> {
  const { funnel_step: step, from, to, channel, landing_page: landingPage, currency } = query;
  const campaign = query.utm_campaign;
  if (query.figure || query.lost_reason !== undefined) return figureLeadIdsOf(query, viewer);
  if (!step) {
    const stray = (
      [
        "from",
        "to",
        "channel",
        "landing_page",
        "currency",
        "utm_campaign",
        "utm_source",
        "utm_medium",
      ] as const
    ).filter((key) => query[key] !== undefined);
    if (stray.length === 0) return undefined;
    throw appError("validation", "filtersNeedFunnelStep", {
      fields: Object.fromEntries(stray.map((key) => [key, ["Only with funnel_step."]])),
    });
  }
  if (!roleAtLeast(viewer.role, "manager")) throw appError("forbidden", "roleForbids");
  const fields: Record<string, string[]> = {};
  if (!from) fields.from = ["A funnel filter needs from."];
  if (!to) fields.to = ["A funnel filter needs to."];
  if (from && to && from > to) fields.to = ["to must not be before from."];
  else if (from && to && daysBetween(from, to) + 1 > MAX_CUSTOM_DAYS)
    fields.to = ["The period may span at most two years."];
  if (currency && step !== "signed") fields.currency = ["Only with funnel_step=signed."];
  for (const key of ["utm_source", "utm_medium"] as const)
    if (query[key] !== undefined && !campaign) fields[key] = ["Only with utm_campaign."];
  if (campaign)
    for (const key of ["channel", "landing_page", "currency"] as const)
      if (query[key] !== undefined) fields[key] = ["Not with utm_campaign."];
  if (Object.keys(fields).length > 0) throw appError("validation", "badFunnelFilter", { fields });
  return listFunnelLeadIds(
    {
      step,
      from: from!,
      to: to!,
      channel,
      landingPage,
      currency,
      campaign: campaign
        ? { campaign, source: query.utm_source ?? "", medium: query.utm_medium ?? "" }
        : undefined,
    },
    serverEnv().ANALYTICS_TIME_ZONE,
  );
}

/**
 * The leads behind a figure of the per-salesperson or lost-reasons table (`figure`, from..to, and for lost
 * deals optionally `lost_reason`); the owner comes from the list's own `owner` filter. Managers and owners
 * only, like the funnel filter, and never together with it.
 */
async function figureLeadIdsOf(query: TLeadListQuery, viewer: StaffAccountRef): Promise<string[]> {
  const { figure, from, to } = query;
  const fields: Record<string, string[]> = {};
  if (!figure) fields.lost_reason = ["Only with figure=lost."];
  else if (query.lost_reason !== undefined && figure !== "lost")
    fields.lost_reason = ["Only with figure=lost."];
  for (const key of [
    "funnel_step",
    "channel",
    "landing_page",
    "currency",
    "utm_campaign",
    "utm_source",
    "utm_medium",
  ] as const)
    if (query[key] !== undefined) fields[key] = ["Not with figure."];
  if (Object.keys(fields).length > 0) throw appError("validation", "badFunnelFilter", { fields });
  if (!roleAtLeast(viewer.role, "manager")) throw appError("forbidden", "roleForbids");
  if (!from) fields.from = ["A figure filter needs from."];
  if (!to) fields.to = ["A figure filter needs to."];
  if (from && to && from > to) fields.to = ["to must not be before from."];
  else if (from && to && daysBetween(from, to) + 1 > MAX_CUSTOM_DAYS)
    fields.to = ["The period may span at most two years."];
  if (Object.keys(fields).length > 0) throw appError("validation", "badFunnelFilter", { fields });
  return listFigureLeadIds(
    { figure: figure!, from: from!, to: to!, lostReason: query.lost_reason },
    serverEnv().ANALYTICS_TIME_ZONE,
  );
}

/**
 * Every lead matching the filter, for export (those the session may see). Sales accounts export only when the
 * owner allows it; a refused export is audited.
 */
export async function listLeadsForExport(
  query: Pick<TLeadListQuery, "stage" | "q" | "owner" | "won_period">,
  session: StaffSession,
): Promise<LeadDto[]> {
  await assertMayExportLeads(session);
  const owner = ownerConditionOf(query.owner, session.account);
  const filter = filterOf(query, owner, await leadVisibilityOf(session));
  return (await selectAllLeads(filter, EXPORT_MAX_ROWS)).map(toLeadDto);
}

export async function getLead(id: string): Promise<LeadDetailDto> {
  const row = UUID.test(id) ? await selectLead(id) : null;
  if (!row) throw appError("not_found", "noLead");
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
    expected_close: await selectExpectedClose(id),
    ...(await proposalsAndEmailsOf(id)),
  };
}

/** The e-mails that go to the lead itself; the team's alerts about it are not its correspondence. */
export const LEAD_EMAIL_KINDS = ["proposal", "lead_email", "signed_client"] as const;

async function proposalsAndEmailsOf(
  leadId: string,
): Promise<Pick<LeadDetailDto, "proposals" | "emails" | "tasks">> {
  const [proposals, emails, tasks] = await Promise.all([
    selectLeadProposals(leadId),
    selectLeadEmails(leadId, LEAD_EMAIL_KINDS),
    selectLeadTasks(leadId),
  ]);
  return {
    tasks: tasks.map((task) => ({
      id: task.id,
      title: task.title,
      status: task.status,
      due_date: task.dueDate ? task.dueDate.toISOString().slice(0, 10) : null,
      assignee: task.assignee,
    })),
    proposals: proposals.map((proposal) => {
      return {
        id: proposal.id,
        title: proposalTitleOf(proposal.data),
        status: proposal.status,
        updated_at: proposal.updatedAt.toISOString(),
      };
    }),
    emails: emails.map((email) => ({
      id: email.id,
      subject: email.subject,
      status: email.status,
      created_at: email.createdAt.toISOString(),
    })),
  };
}

/** The source of the 18-question questionnaire's submissions (the contact form's is home_form). */
const QUESTIONNAIRE_SOURCE = "optin";

/**
 * Inside the transaction creating a new lead: the active, signed-in-before sales account whose turn it is, or
 * null when round-robin is off (LEADS_ROUND_ROBIN=off) or there is no such account.
 */
export async function createLead(input: TCreateLead, actor: Actor): Promise<LeadDto> {
  const { reason, detail, ...fields } = input;
  // Created already lost: the same reason a move to Lost needs, on a stage change from the first stage (the
  // deal never went further), so the dashboard counts it like any other lost deal.
  const why =
    fields.stage === "Lost"
      ? await lostReasonFacts(reason ? { reason, detail } : undefined)
      : undefined;
  const lead = await inTransaction(async (tx) => {
    const created = await insertLead(
      { ...fields, source: "manual", ownerId: await pickNewLeadOwner(tx) },
      tx,
    );
    if (why)
      await insertStageChange(
        { leadId: created.id, from: "Qualification", to: "Lost", why, actor },
        tx,
      );
    return created;
  });
  return toLeadDto(lead);
}

/** One lead as the lead panel shows it, when the session may see it. */
export async function getLeadFor(id: string, session: StaffSession): Promise<LeadDetailDto> {
  await assertMaySeeLead(session, id, "read_lead");
  return getLead(id);
}

/**
 * Moves a lead; a move to Lost carries a reason from the settings' list (docs/product.md#lost-reasons). The
 * body is read only once the session may move the lead, so a refused caller learns nothing more.
 */
export async function moveLead(
  id: string,
  stage: LeadStage,
  session: StaffSession,
  readLost: () => Promise<TLostMove | undefined> = async () => undefined,
): Promise<LeadDto> {
  await assertMaySeeLead(session, id, "move_lead");
  const lost = await readLost();
  const why = stage === "Lost" ? await lostReasonFacts(lost) : undefined;
  const result = UUID.test(id)
    ? await updateLeadStage(id, stage, staffActor(session.account), why)
    : null;
  if (!result) throw appError("not_found", "noLead");
  return toLeadDto(result.lead);
}

/** The facts a move to Lost adds to its stage change: a reason on the current list, `other` with its words. */
export async function lostReasonFacts(lost: TLostMove | undefined): Promise<ActivityDetail> {
  if (!lost) throw appError("validation", "lostNeedsReason", { fields: { reason: ["Say why."] } });
  const reasons = await readLostReasons();
  if (!reasons.includes(lost.reason))
    throw appError("validation", "unknownLostReason", {
      fields: { reason: [`Use one of: ${reasons.join(", ")}.`] },
    });
  if (lost.reason === REASON_NEEDING_DETAIL && !lost.detail)
    throw appError("validation", "lostReasonNeedsDetail", {
      fields: { detail: ["Say a few words about it."] },
    });
  return { reason: lost.reason, reason_detail: lost.detail ?? null };
}

export async function listActivities(leadId: string): Promise<ActivityDto[]> {
  await assertLeadExists(leadId);
  return (await selectActivities(leadId)).map(toActivityDto);
}

/**
 * A timeline entry a staff member writes (note, call, meeting, e-mail), on a lead the session may see. The
 * system's own types are refused here as well as by the schema: the record they form is only the system's.
 */
export async function addStaffActivity(
  leadId: string,
  input: TAddActivity,
  session: StaffSession,
): Promise<ActivityDto> {
  if (!(STAFF_ACTIVITY_TYPES as readonly string[]).includes(input.type))
    throw appError("validation", "staffEntryKinds", {
      fields: { type: [`type must be one of: ${STAFF_ACTIVITY_TYPES.join(", ")}.`] },
    });
  await assertMaySeeLead(session, leadId, "add_activity");
  return addActivity(leadId, input, staffActor(session.account));
}

/** The timeline entries of a lead the session may see, newest first. */
export async function listActivitiesFor(
  leadId: string,
  session: StaffSession,
): Promise<ActivityDto[]> {
  await assertMaySeeLead(session, leadId, "read_lead");
  return listActivities(leadId);
}

/** Records a timeline entry of any type: for the system's own records (proposal sent, …). */
export async function addActivity(
  leadId: string,
  input: { type: string; content: string },
  actor: Actor,
  detail?: ActivityDetail,
): Promise<ActivityDto> {
  await assertLeadExists(leadId);
  return toActivityDto(
    await insertActivity({ leadId, type: input.type, content: input.content, detail, actor }),
  );
}

/**
 * 403 (and a line in the audit log) when the owner's "own" visibility hides this lead from the session: a
 * colleague's lead. A missing lead passes, for the caller to answer 404.
 */
export async function assertMaySeeLead(
  session: StaffSession,
  leadId: string,
  action: string,
): Promise<void> {
  const visibleTo = await leadVisibilityOf(session);
  if (!visibleTo || !UUID.test(leadId)) return;
  const lead = await selectLeadOwnerId(leadId);
  if (!lead || lead.ownerId === null || lead.ownerId === visibleTo) return;
  await refuseAndAudit(session, { action, lead_id: leadId }, "leadOfColleague");
}

export async function assertLeadExists(id: string): Promise<void> {
  if (!UUID.test(id) || !(await leadExists(id))) throw appError("not_found", "noLead");
}

export function isLeadId(id: string): boolean {
  return UUID.test(id);
}

/**
 * The stages in pipeline order with how many leads each holds and their value per currency (Won: the deals won
 * within the period), optionally for one owner's leads.
 */
export async function getPipeline(
  ownerFilter: TOwnerFilter | undefined,
  session: StaffSession,
  wonPeriod: WonPeriod = "30d",
): Promise<PipelineDto> {
  const owner = ownerConditionOf(ownerFilter, session.account);
  const visibleTo = (await leadVisibilityOf(session)) ?? undefined;
  // One instant for the count and the sums, so the Won column's number and total describe the same deals.
  const wonSince = wonSinceOf(wonPeriod) ?? undefined;
  const [counts, totals] = await Promise.all([
    countLeadsByStage({ owner, wonSince, visibleTo }),
    getPipelineTotals({ owner, wonSince, visibleTo }),
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
 * A signed proposal wins its lead: the signature note and the move to Won. The signing passes its
 * transaction as `client`, so the signature and the win commit together. A lead deleted meanwhile is
 * simply skipped.
 */
export async function winLead(
  leadId: string,
  note: { content: string; title: string },
  actor: Actor,
  client?: DbClient,
): Promise<void> {
  await recordActivityAndStage(
    {
      leadId,
      activity: { type: "proposal_signed", content: note.content, detail: { title: note.title } },
      stage: "Won",
    },
    actor,
    client,
  );
}

/**
 * A stored proposal's name: its title, else its client's name (read from its JSON as stored); empty
 * when it has neither, and the page names it in the reader's language.
 */
function proposalTitleOf(data: unknown): string {
  const content = (data ?? {}) as { title?: unknown; client?: { name?: unknown } };
  if (typeof content.title === "string" && content.title.trim()) return content.title;
  const client = content.client?.name;
  return typeof client === "string" && client.trim() ? client : "";
}

/** The lead's timeline notes that the client opened the proposal (in the view's transaction, as `client`). */
export function noteProposalOpened(
  leadId: string,
  title: string,
  client?: DbClient,
): Promise<void> {
  return recordProposalOpened(leadId, title, client);
}
