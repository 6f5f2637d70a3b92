import "server-only";
import { db, runSql, sql } from "@/lib/db";
import type { LeadStage } from "./crm.schema";
import { STAGE_ENTERED_AT, whereClause, type LeadFilter } from "./lead.repo";

/**
 * A lead's current proposal is its latest shared (or viewed) or signed one; drafts, withdrawn and expired
 * proposals set no value (docs/product.md#deal-value).
 */
const CURRENT_PROPOSAL_STATUSES = sql`('shared', 'viewed', 'signed')`;
const HAS_CURRENT_PROPOSAL = sql`EXISTS (SELECT 1 FROM proposals p WHERE p.lead_id = leads.id AND p.status IN ${CURRENT_PROPOSAL_STATUSES})`;
const HAS_MANUAL_VALUE = sql`EXISTS (SELECT 1 FROM lead_manual_values m WHERE m.lead_id = leads.id)`;

export async function selectCurrentProposals(
  leadIds: string[],
): Promise<{ leadId: string; data: unknown }[]> {
  if (leadIds.length === 0) return [];
  const { rows } = await runSql(
    sql<{
      leadId: string;
      data: unknown;
    }>`SELECT DISTINCT ON (lead_id) lead_id AS "leadId", data FROM proposals
     WHERE lead_id = ANY(${leadIds}::uuid[]) AND status IN ${CURRENT_PROPOSAL_STATUSES}
     ORDER BY lead_id, COALESCE(sent_at, created_at) DESC, created_at DESC`,
  );
  return rows;
}

export async function selectManualValues(
  leadIds: string[],
): Promise<{ leadId: string; currency: string; initial: string; monthly: string }[]> {
  if (leadIds.length === 0) return [];
  const { rows } = await runSql(
    sql<{
      leadId: string;
      currency: string;
      initial: string;
      monthly: string;
    }>`SELECT lead_id AS "leadId",
            currency, initial::text AS initial, monthly::text AS monthly
       FROM lead_manual_values WHERE lead_id = ANY(${leadIds}::uuid[])`,
  );
  return rows;
}

export async function selectStageEnteredAt(
  leadIds: string[],
): Promise<{ id: string; enteredAt: Date }[]> {
  if (leadIds.length === 0) return [];
  const { rows } = await runSql(
    sql<{ id: string; enteredAt: Date }>`SELECT id, ${STAGE_ENTERED_AT} AS "enteredAt"
      FROM leads WHERE id = ANY(${leadIds}::uuid[])`,
  );
  return rows;
}

/** Every lead (matching the filter) that has a value: a current proposal or one set by hand. */
export async function selectValuedLeads(
  filter: LeadFilter,
  max: number,
): Promise<{ id: string; stage: LeadStage; createdAt: Date }[]> {
  const where = whereClause(filter, null, [sql`(${HAS_CURRENT_PROPOSAL} OR ${HAS_MANUAL_VALUE})`]);
  const { rows } = await runSql(
    sql<{ id: string; stage: LeadStage; createdAt: Date }>`SELECT id, stage::text AS stage,
            created_at AS "createdAt"
       FROM leads ${where} ORDER BY created_at DESC, id DESC LIMIT ${max}`,
  );
  return rows;
}

/** Ids of leads without any value, newest first, from `offset`. */
export async function selectUnvaluedLeadIds(
  filter: LeadFilter,
  offset: number,
  limit: number,
): Promise<string[]> {
  const where = whereClause(filter, null, [
    sql`NOT ${HAS_CURRENT_PROPOSAL} AND NOT ${HAS_MANUAL_VALUE}`,
  ]);
  const { rows } = await runSql(
    sql<{ id: string }>`SELECT id FROM leads ${where}
     ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** Ids of leads, longest in their current stage first, from `offset`. */
export async function selectLeadIdsByAge(
  filter: LeadFilter,
  offset: number,
  limit: number,
): Promise<string[]> {
  const { rows } = await runSql(
    sql<{ id: string }>`SELECT id FROM leads ${whereClause(filter, null)}
     ORDER BY ${STAGE_ENTERED_AT} ASC, id ASC OFFSET ${offset} LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

export async function leadHasCurrentProposal(leadId: string): Promise<boolean> {
  const { rows } = await runSql(
    sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM proposals p
      WHERE p.lead_id = ${leadId}::uuid AND p.status IN ${CURRENT_PROPOSAL_STATUSES}) AS found`,
  );
  return rows[0]?.found ?? false;
}

export async function upsertManualValue(
  leadId: string,
  value: { currency: string; initial: number; monthly: number },
  setBy: string | null,
): Promise<void> {
  await db.leadManualValue.upsert({
    where: { leadId },
    create: { leadId, ...value, setBy },
    update: { ...value, setBy },
  });
}

export async function deleteManualValue(leadId: string): Promise<void> {
  await db.leadManualValue.deleteMany({ where: { leadId } });
}
