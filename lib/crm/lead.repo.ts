import "server-only";
import { db, inTransaction, runSql, sql, type DbClient, type RawSql } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ActivityDetail, Actor, LeadDto, LeadStage } from "./crm.schema";

/** A lead as the database holds it: the API's `LeadDto` with real dates, mapped by `toLeadDto`. */
export type LeadRow = Omit<LeadDto, "created_at" | "updated_at"> & {
  createdAt: Date;
  updatedAt: Date;
};

/** Whose leads: one account's, nobody's, or one account's and nobody's (a sales person's queue). */
export type OwnerCondition = { accountId: string; orUnassigned?: boolean } | { isUnassigned: true };

const leadFields = {
  id: true,
  name: true,
  email: true,
  phone: true,
  company: true,
  industry: true,
  stage: true,
  source: true,
  lang: true,
  owner: { select: { id: true, name: true } },
  createdAt: true,
  updatedAt: true,
} as const;

export interface LeadFilter {
  stage?: LeadStage;
  owner?: OwnerCondition;
  /** Already folded (lowercase, no accents) by the service. */
  foldedQuery?: string;
  /** Only these leads (the leads behind a dashboard figure). */
  ids?: string[];
  /** Won leads only when they reached Won at or after this instant (the Won column's period); other stages as they are. */
  wonSince?: Date;
  /** Only this account's leads and unassigned ones (a sales account under the owner's "own" visibility). */
  visibleTo?: string;
}

/**
 * When the lead entered its current stage: the latest stage change the system recorded into that stage, or its
 * creation if it never moved. Only the system writes stage changes, and always with their facts (detail.to);
 * a row without them (typed through the activities API before it refused system types) moves nothing.
 */
export const STAGE_ENTERED_AT = sql`COALESCE((SELECT max(a.created_at) FROM activities a WHERE a.lead_id = leads.id AND a.type = 'stage_change' AND a.detail->>'to' = leads.stage::text), leads.created_at)`;

/**
 * The filter as SQL conditions (Kysely's `sql` tag numbers the values), so the hot list query can go
 * straight to the pool; an empty filter is an empty WHERE.
 */
export function whereClause(
  { stage, owner, foldedQuery, ids, wonSince, visibleTo }: LeadFilter,
  after: { createdAt: Date; id: string } | null,
  extra: RawSql[] = [],
): RawSql {
  const conditions: RawSql[] = [];
  if (stage) conditions.push(sql`stage = ${stage}::"LeadStage"`);
  if (owner && "accountId" in owner) {
    conditions.push(
      owner.orUnassigned
        ? sql`(owner_id IS NULL OR owner_id = ${owner.accountId}::uuid)`
        : sql`owner_id = ${owner.accountId}::uuid`,
    );
  } else if (owner) {
    conditions.push(sql`owner_id IS NULL`);
  }
  if (foldedQuery) {
    const pattern = `%${foldedQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // search_text is name, e-mail and company folded by PostgreSQL (see the migrations), so "garcia" finds "García".
    // Its trigram index serves rare terms; common ones walk the newest-first index and stop at the page. Which is
    // cheaper depends on the term, so this query stays a plain (unnamed) statement, planned with each term's
    // value, never a prepared one that could settle on a generic plan.
    conditions.push(sql`search_text LIKE ${pattern}`);
  }
  if (ids) conditions.push(sql`id = ANY(${ids}::uuid[])`);
  if (wonSince) conditions.push(sql`(stage <> 'Won' OR ${STAGE_ENTERED_AT} >= ${wonSince})`);
  if (visibleTo) conditions.push(sql`(owner_id IS NULL OR owner_id = ${visibleTo}::uuid)`);
  if (after) conditions.push(sql`(created_at, id) < (${after.createdAt}, ${after.id}::uuid)`);
  conditions.push(...extra);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

// The owner's name comes from a scalar subquery rather than a join, so the filter columns stay unqualified
// and the lookup runs only for the rows on the page.
const selectLeadColumns = sql`SELECT id, name, email, phone, company, industry, stage::text AS stage, source, lang, owner_id AS "ownerId",
  (SELECT o.name FROM staff_accounts o WHERE o.id = leads.owner_id) AS "ownerName", created_at AS "createdAt", updated_at AS "updatedAt" FROM leads`;

async function selectLeads(
  filter: LeadFilter,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<LeadRow[]> {
  // Every CRM screen opens with this list, so it skips Prisma's per-query overhead (see sqlQuery and runSql in lib/db.ts).
  const { rows } = await runSql(
    sql<LeadRowWithOwnerColumns>`${selectLeadColumns} ${whereClause(filter, after)}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map(withOwner);
}

type LeadRowWithOwnerColumns = Omit<LeadRow, "owner"> & {
  ownerId: string | null;
  ownerName: string | null;
};

function withOwner({ ownerId, ownerName, ...row }: LeadRowWithOwnerColumns): LeadRow {
  return { ...row, owner: ownerId && ownerName !== null ? { id: ownerId, name: ownerName } : null };
}

/** Newest first, keyset-paged on (created_at, id) so pages stay stable while leads arrive. */
export function selectLeadPage(
  filter: LeadFilter,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<LeadRow[]> {
  return selectLeads(filter, after, limit);
}

export function selectAllLeads(filter: LeadFilter, max: number): Promise<LeadRow[]> {
  return selectLeads(filter, null, max);
}

export function selectLead(id: string) {
  return db.lead.findUnique({
    where: { id },
    select: {
      ...leadFields,
      // Every submission, newest first: a lead's history is small (one per form a person sent).
      submissions: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: 500,
        select: { id: true, source: true, lang: true, answers: true, createdAt: true },
      },
    },
  });
}

/** Creates a lead; `pickOwner` runs in the same transaction, so a round-robin turn is taken only for a lead that exists. */
export function insertLead(data: Prisma.LeadUncheckedCreateInput, client: DbClient = db) {
  return client.lead.create({ data, select: leadFields });
}

/** Moves a lead and records the change in its timeline, atomically; null when the lead does not exist. */
export async function updateLeadStage(
  id: string,
  stage: LeadStage,
  actor: Actor,
  /** More facts for the stage change (a move to Lost: its reason). */
  why?: ActivityDetail,
): Promise<{ lead: LeadRow; from: LeadStage } | null> {
  return db.$transaction(async (tx) => {
    const current = await tx.lead.findUnique({ where: { id }, select: { stage: true } });
    if (!current) return null;
    const lead = await tx.lead.update({ where: { id }, data: { stage }, select: leadFields });
    if (current.stage !== stage) {
      await tx.activity.create({
        data: {
          leadId: id,
          type: "stage_change",
          content: `${current.stage} → ${stage}`,
          detail: { from: current.stage, to: stage, ...why },
          ...actorFields(actor),
        },
      });
    }
    return { lead, from: current.stage };
  });
}

const activityFields = {
  id: true,
  leadId: true,
  type: true,
  content: true,
  actor: true,
  detail: true,
  createdAt: true,
} as const;

export function selectActivities(leadId: string) {
  return db.activity.findMany({
    where: { leadId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 500,
    select: activityFields,
  });
}

export function insertActivity({
  actor,
  detail,
  ...data
}: {
  leadId: string;
  type: string;
  content: string;
  detail?: ActivityDetail;
  actor: Actor;
}) {
  return db.activity.create({
    data: { ...data, detail: detail ?? Prisma.DbNull, ...actorFields(actor) },
    select: activityFields,
  });
}

/** The stage change a lead created already past its first stage starts its timeline with (in the caller's transaction). */
export function insertStageChange(
  change: { leadId: string; from: LeadStage; to: LeadStage; why?: ActivityDetail; actor: Actor },
  client: DbClient = db,
) {
  return client.activity.create({
    data: {
      leadId: change.leadId,
      type: "stage_change",
      content: `${change.from} → ${change.to}`,
      detail: { from: change.from, to: change.to, ...change.why },
      ...actorFields(change.actor),
    },
    select: { id: true },
  });
}

/** An activity records the account that did it (actor_id) and its name at the time (actor). */
const actorFields = (actor: Actor) => ({ actor: actor.name, actorId: actor.accountId });

/** The lead's owner (null: unassigned); null when there is no such lead. */
export function selectLeadOwnerId(id: string) {
  return db.lead.findUnique({ where: { id }, select: { ownerId: true } });
}

export async function leadExists(id: string): Promise<boolean> {
  return (await db.lead.count({ where: { id } })) > 0;
}

export async function countLeadsByStage(
  filter: Pick<LeadFilter, "owner" | "wonSince" | "visibleTo">,
): Promise<Record<string, number>> {
  const { rows } = await runSql(
    sql<{
      stage: string;
      count: number;
    }>`SELECT stage::text AS stage, count(*)::int AS count FROM leads
      ${whereClause(filter, null)} GROUP BY stage`,
  );
  return Object.fromEntries(rows.map((row) => [row.stage, row.count]));
}

/**
 * Notes `activity` on the lead and moves it to `stage` (with its stage_change activity), atomically, in
 * `client`'s transaction when given one; false when the lead no longer exists.
 */
export function recordActivityAndStage(
  input: {
    leadId: string;
    activity: { type: string; content: string; detail?: ActivityDetail };
    stage: LeadStage;
  },
  actor: Actor,
  client: DbClient = db,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const current = await tx.lead.findUnique({
      where: { id: input.leadId },
      select: { stage: true },
    });
    if (!current) return false;
    await tx.activity.create({
      data: {
        leadId: input.leadId,
        ...input.activity,
        detail: input.activity.detail ?? Prisma.DbNull,
        ...actorFields(actor),
      },
    });
    if (current.stage !== input.stage) {
      await tx.lead.update({ where: { id: input.leadId }, data: { stage: input.stage } });
      await tx.activity.create({
        data: {
          leadId: input.leadId,
          type: "stage_change",
          content: `${current.stage} → ${input.stage}`,
          detail: { from: current.stage, to: input.stage },
          ...actorFields(actor),
        },
      });
    }
    return true;
  }, client);
}

/** Leads by id, in the order of `ids` (the sorted list pages pick the ids, then read the rows here). */
export async function selectLeadsByIds(ids: string[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await runSql(
    sql<LeadRowWithOwnerColumns>`${selectLeadColumns} WHERE id = ANY(${ids}::uuid[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, withOwner(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The day the deal is expected to close (YYYY-MM-DD) as set by staff, or null. */
export async function selectExpectedClose(leadId: string): Promise<string | null> {
  const { rows } = await runSql(
    sql<{
      expected_close: string | null;
    }>`SELECT to_char(expected_close, 'YYYY-MM-DD') AS expected_close
      FROM leads WHERE id = ${leadId}::uuid`,
  );
  return rows[0]?.expected_close ?? null;
}

/** Sets (null: clears) the expected close day; false when the lead does not exist. */
export async function updateExpectedClose(leadId: string, day: string | null): Promise<boolean> {
  const { rowCount } = await runSql(
    sql`UPDATE leads SET expected_close = ${day}::date, updated_at = now() WHERE id = ${leadId}::uuid`,
  );
  return rowCount > 0;
}

/** The lead's stored proposals (for its page), newest change first. */
export function selectLeadProposals(leadId: string) {
  return db.proposal.findMany({
    where: { leadId },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: 100,
    select: { id: true, data: true, status: true, updatedAt: true },
  });
}

/** The e-mails written to the lead itself (not the team's alerts about it), newest first. */
export function selectLeadEmails(leadId: string, kinds: readonly string[]) {
  return db.mailMessage.findMany({
    where: { leadId, kind: { in: [...kinds] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
    select: { id: true, subject: true, status: true, createdAt: true },
  });
}

/** "The client opened the proposal" on the lead's timeline (in the client view's transaction, when given). */
export async function recordProposalOpened(
  leadId: string,
  title: string,
  client: DbClient = db,
): Promise<void> {
  await client.activity.create({
    data: {
      leadId,
      type: "proposal_opened",
      content: title,
      detail: { title },
      ...actorFields({ name: "system", accountId: null }),
    },
  });
}

/** The lead's tasks for its page: open ones first, then by due day (none last), newest first. */
export function selectLeadTasks(leadId: string) {
  return db.task.findMany({
    where: { leadId },
    orderBy: [
      { status: "asc" },
      { dueDate: { sort: "asc", nulls: "last" } },
      { createdAt: "desc" },
    ],
    take: 200,
    select: {
      id: true,
      title: true,
      status: true,
      dueDate: true,
      assignee: { select: { id: true, name: true } },
    },
  });
}
