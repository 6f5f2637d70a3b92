import "server-only";
import { appError } from "@/lib/http/server-message";
import { proposalFigures, ZStoredInvestment } from "@/lib/money/amounts";
import {
  readSetting,
  readStageProbability,
  writeSetting,
  writeStageProbability,
} from "@/lib/settings/settings.service";
import { LEAD_STAGES, LEADS_PAGE_SIZE, type LeadStage } from "./crm.schema";
import { DEFAULT_LOST_REASONS, LOST_REASONS_KEY, ZLostReasons } from "./lost-reasons";
import {
  DEFAULT_STAGE_AGE_DAYS,
  ZCrmSettings,
  type DealFactsDto,
  type DealValueDto,
  type LeadSort,
  type StageTotalDto,
  type TCrmSettings,
  type TCrmSettingsPatch,
  type TCrmSettingsView,
  type TSetLeadValue,
  type WonPeriod,
} from "./deal-value.schema";
import {
  deleteManualValue,
  leadHasCurrentProposal,
  selectCurrentProposals,
  selectLeadIdsByAge,
  selectManualValues,
  selectStageEnteredAt,
  selectUnvaluedLeadIds,
  selectValuedLeads,
  upsertManualValue,
} from "./deal-value.repo";
import { selectLeadsByIds, type LeadFilter, type LeadRow } from "./lead.repo";

const DAY_MS = 24 * 60 * 60 * 1000;
const SETTINGS_KEY = "crm";
/** Leads with a value that the value-sorted list orders in memory; beyond it the order is by date. */
const VALUED_LEADS_MAX = 10_000;

// ---- Settings --------------------------------------------------------------------------------

const DEFAULT_SETTINGS: TCrmSettings = { stage_age_days: DEFAULT_STAGE_AGE_DAYS };

export function getCrmSettings(): Promise<TCrmSettings> {
  return readSetting(SETTINGS_KEY, ZCrmSettings, DEFAULT_SETTINGS);
}

/** The reasons a lead can be lost for, as managers last saved them (lib/crm/lost-reasons.ts), or the defaults. */
export function readLostReasons(): Promise<string[]> {
  return readSetting(LOST_REASONS_KEY, ZLostReasons, [...DEFAULT_LOST_REASONS]);
}

/** GET /api/crm/settings: the stage thresholds, the stage probabilities and the lost reasons (each under its own key). */
export async function getCrmSettingsView(): Promise<TCrmSettingsView> {
  const [settings, probability, lostReasons] = await Promise.all([
    getCrmSettings(),
    readStageProbability(),
    readLostReasons(),
  ]);
  return { ...settings, stage_probability: probability, lost_reasons: lostReasons };
}

/** PATCH /api/crm/settings: replaces whichever part is given. */
export async function updateCrmSettings(
  input: TCrmSettingsPatch,
  actor: string | null,
): Promise<TCrmSettingsView> {
  if (input.stage_age_days)
    await writeSetting(SETTINGS_KEY, { stage_age_days: input.stage_age_days }, actor);
  if (input.stage_probability) await writeStageProbability(input.stage_probability, actor);
  if (input.lost_reasons) await writeSetting(LOST_REASONS_KEY, input.lost_reasons, actor);
  return getCrmSettingsView();
}

// ---- Values and age --------------------------------------------------------------------------

/** A proposal's stored data as a value; null when it states no amount at all. */
function valueOfProposal(data: unknown): DealValueDto | null {
  const parsed = ZStoredInvestment.safeParse(data);
  // Stored data is validated on every write; anything else reads as an amount we cannot read.
  if (!parsed.success) return { currency: "USD", initial: null, monthly: null, source: "proposal" };
  const figures = proposalFigures(parsed.data);
  return figures ? { ...figures, source: "proposal" } : null;
}

/** The value of each lead that has one: its current proposal's figures, else the value set by hand. */
async function valuesOf(leadIds: string[]): Promise<Map<string, DealValueDto | null>> {
  const [proposals, manual] = await Promise.all([
    selectCurrentProposals(leadIds),
    selectManualValues(leadIds),
  ]);
  const values = new Map<string, DealValueDto | null>();
  for (const row of manual) {
    values.set(row.leadId, {
      currency: row.currency,
      initial: Number(row.initial),
      monthly: Number(row.monthly),
      source: "manual",
    });
  }
  // A shared or signed proposal replaces a value set by hand.
  for (const row of proposals) values.set(row.leadId, valueOfProposal(row.data));
  return values;
}

const daysSince = (date: Date, now: number) =>
  Math.max(0, Math.floor((now - date.getTime()) / DAY_MS));

function isStale(stage: LeadStage, days: number, settings: TCrmSettings): boolean {
  const limit = (settings.stage_age_days as Partial<Record<LeadStage, number>>)[stage];
  return limit !== undefined && days > limit;
}

/** Value, days in stage and staleness for each lead, keyed by id. */
export async function dealFactsOf(
  leads: { id: string; stage: LeadStage }[],
): Promise<Map<string, DealFactsDto>> {
  const ids = leads.map((lead) => lead.id);
  const [values, entered, settings] = await Promise.all([
    valuesOf(ids),
    selectStageEnteredAt(ids),
    getCrmSettings(),
  ]);
  const enteredAt = new Map(entered.map((row) => [row.id, row.enteredAt]));
  const now = Date.now();
  return new Map(
    leads.map((lead) => {
      const since = enteredAt.get(lead.id);
      const days = since ? daysSince(since, now) : 0;
      return [
        lead.id,
        {
          value: values.get(lead.id) ?? null,
          days_in_stage: days,
          is_stale: isStale(lead.stage, days, settings),
        },
      ];
    }),
  );
}

/** Each lead with its deal facts added. */
export async function withDealFacts<Lead extends { id: string; stage: LeadStage }>(
  leads: Lead[],
): Promise<(Lead & DealFactsDto)[]> {
  const facts = await dealFactsOf(leads);
  return leads.map((lead) => ({ ...lead, ...facts.get(lead.id)! }));
}

/**
 * The amount the value sort orders by: the first year of the deal (initial + 12 × monthly), as a bare number
 * whatever the currency (there are no exchange rates); null when no figure could be read.
 */
function sortAmount(value: DealValueDto | null | undefined): number | null {
  if (!value || (value.initial === null && value.monthly === null)) return null;
  return (value.initial ?? 0) + 12 * (value.monthly ?? 0);
}

// ---- Sorted list pages ------------------------------------------------------------------------

/** A page cursor of the sorted lists: the sort and the offset, so a cursor from one sort is refused by another. */
export function encodeSortCursor(sort: LeadSort, offset: number): string {
  return Buffer.from(`${sort}:${offset}`).toString("base64url");
}

export function decodeSortCursor(sort: LeadSort, cursor: string): number {
  const [cursorSort, offsetText] = Buffer.from(cursor, "base64url").toString("utf8").split(":");
  const offset = Number(offsetText);
  if (cursorSort !== sort || !Number.isSafeInteger(offset) || offset < 0) {
    throw appError("validation", "badCursor", {
      fields: { cursor: ["Not a valid cursor."] },
    });
  }
  return offset;
}

/**
 * One page of leads ordered by value (highest first year first, unreadable amounts next, leads with no value
 * last, newest first within each) or by age (longest in its stage first). Offset-paged.
 */
export async function selectSortedLeadPage(
  filter: LeadFilter,
  sort: "value" | "age",
  offset: number,
): Promise<{ rows: LeadRow[]; nextOffset: number | null }> {
  const want = LEADS_PAGE_SIZE + 1;
  let ids: string[];
  if (sort === "age") {
    ids = await selectLeadIdsByAge(filter, offset, want);
  } else {
    const valued = await selectValuedLeads(filter, VALUED_LEADS_MAX);
    const values = await valuesOf(valued.map((lead) => lead.id));
    const ordered = valued
      .map((lead, index) => ({ id: lead.id, index, amount: sortAmount(values.get(lead.id)) }))
      .sort((a, b) =>
        a.amount === b.amount
          ? a.index - b.index
          : a.amount === null
            ? 1
            : b.amount === null
              ? -1
              : b.amount - a.amount,
      )
      .map((lead) => lead.id);
    ids = ordered.slice(offset, offset + want);
    if (ids.length < want) {
      const restOffset = Math.max(0, offset - ordered.length);
      ids = [...ids, ...(await selectUnvaluedLeadIds(filter, restOffset, want - ids.length))];
    }
  }
  const rows = await selectLeadsByIds(ids.slice(0, LEADS_PAGE_SIZE));
  return { rows, nextOffset: ids.length > LEADS_PAGE_SIZE ? offset + LEADS_PAGE_SIZE : null };
}

// ---- Pipeline totals --------------------------------------------------------------------------

const WON_PERIOD_DAYS: Record<WonPeriod, number | null> = {
  "30d": 30,
  "90d": 90,
  "365d": 365,
  all: null,
};

/** The start of a Won period counted back from `now`; null for all time. */
export function wonSinceOf(period: WonPeriod, now = Date.now()): Date | null {
  const days = WON_PERIOD_DAYS[period];
  return days === null ? null : new Date(now - days * DAY_MS);
}

/**
 * Each stage's total per currency, summing the values the cards show; with `wonSince` in the filter, Won sums
 * only the deals won (moved to Won) since then, as its cards do. An unreadable figure adds nothing but its deal
 * still counts (and as `unparsed`).
 */
export async function getPipelineTotals(
  filter: LeadFilter,
): Promise<Record<LeadStage, StageTotalDto[]>> {
  const valued = await selectValuedLeads(filter, Number.MAX_SAFE_INTEGER);
  const values = await valuesOf(valued.map((lead) => lead.id));
  const sums = new Map<LeadStage, Map<string, StageTotalDto>>(
    LEAD_STAGES.map((stage) => [stage, new Map()]),
  );
  for (const lead of valued) {
    const value = values.get(lead.id);
    if (!value) continue;
    const byCurrency = sums.get(lead.stage)!;
    const total = byCurrency.get(value.currency) ?? {
      currency: value.currency,
      initial: 0,
      monthly: 0,
      deals: 0,
      unparsed: 0,
    };
    total.initial = round(total.initial + (value.initial ?? 0));
    total.monthly = round(total.monthly + (value.monthly ?? 0));
    total.deals += 1;
    if (value.initial === null || value.monthly === null) total.unparsed += 1;
    byCurrency.set(value.currency, total);
  }
  return Object.fromEntries(
    LEAD_STAGES.map((stage) => [
      stage,
      [...sums.get(stage)!.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    ]),
  ) as Record<LeadStage, StageTotalDto[]>;
}

const round = (amount: number) => Math.round(amount * 100) / 100;

// ---- Manual value -----------------------------------------------------------------------------

/** Sets (or with null removes) a lead's value by hand; refused while a shared or signed proposal sets it. */
export async function setManualValue(
  leadId: string,
  input: TSetLeadValue,
  actor: string | null,
): Promise<void> {
  if (await leadHasCurrentProposal(leadId)) {
    throw appError("conflict", "manualValueLocked");
  }
  if (input.value === null) await deleteManualValue(leadId);
  else await upsertManualValue(leadId, input.value, actor);
}
