import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/app-error";
import {
  LEAD_STAGES,
  LEADS_PAGE_SIZE,
  type ActivityDto,
  type Actor,
  type LeadDetailDto,
  type LeadDto,
  type LeadPageDto,
  type LeadStage,
  type TAddActivity,
  type TCreateLead,
  type TLeadListQuery,
} from "./crm.schema";
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
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toActivityDto(row: {
  id: string;
  leadId: string;
  type: string;
  content: string;
  actor: string | null;
  createdAt: Date;
}): ActivityDto {
  return {
    id: row.id,
    lead_id: row.leadId,
    type: row.type,
    content: row.content,
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

const filterOf = (query: Pick<TLeadListQuery, "stage" | "q">) => ({
  stage: query.stage,
  foldedQuery: query.q ? foldForSearch(query.q) : undefined,
});

/** One page of leads, newest first, filtered by stage and by a case- and accent-insensitive search. */
export async function listLeads(query: TLeadListQuery): Promise<LeadPageDto> {
  const rows = await selectLeadPage(
    filterOf(query),
    query.cursor ? decodeCursor(query.cursor) : null,
    LEADS_PAGE_SIZE + 1,
  );
  const page = rows.slice(0, LEADS_PAGE_SIZE);
  return {
    leads: page.map(toLeadDto),
    next_cursor: rows.length > LEADS_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
  };
}

/** Every lead matching the filter, for export. */
export async function listLeadsForExport(
  query: Pick<TLeadListQuery, "stage" | "q">,
): Promise<LeadDto[]> {
  return (await selectAllLeads(filterOf(query), EXPORT_MAX_ROWS)).map(toLeadDto);
}

export async function getLead(id: string): Promise<LeadDetailDto> {
  const row = UUID.test(id) ? await selectLead(id) : null;
  if (!row) throw new AppError("not_found", "There is no lead with this id.");
  const { submissions, ...lead } = row;
  const latest = submissions[0];
  return {
    ...toLeadDto(lead),
    answers:
      latest && typeof latest.answers === "object" && !Array.isArray(latest.answers)
        ? (latest.answers as Record<string, unknown>)
        : null,
    answered_at: latest ? latest.createdAt.toISOString() : null,
  };
}

export async function createLead(input: TCreateLead): Promise<LeadDto> {
  return toLeadDto(await insertLead({ ...input, source: "manual" }));
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
): Promise<ActivityDto> {
  await assertLeadExists(leadId);
  return toActivityDto(
    await insertActivity({ leadId, type: input.type, content: input.content, actor }),
  );
}

export async function assertLeadExists(id: string): Promise<void> {
  if (!UUID.test(id) || !(await leadExists(id)))
    throw new AppError("not_found", "There is no lead with this id.");
}

export function isLeadId(id: string): boolean {
  return UUID.test(id);
}

/** The stages in pipeline order with how many leads each holds. */
export async function getPipeline(): Promise<{
  stages: LeadStage[];
  counts: Record<LeadStage, number>;
}> {
  const counts = await countLeadsByStage();
  return {
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
  note: string,
  actor: Actor,
): Promise<void> {
  await recordActivityAndStageInTransaction(
    tx,
    { leadId, activity: { type: "proposal_signed", content: note }, stage: "Won" },
    actor,
  );
}
