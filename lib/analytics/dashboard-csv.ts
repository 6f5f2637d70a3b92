import { csvCell } from "@/lib/http/csv";
import { LOST_FROM_STAGES, type CampaignRow, type LostReasonRow } from "./dashboard.schema";

// The CSV downloads of the dashboard's campaigns and lost-reasons tables: one line per row, headings as the API
// names the figures (so a spreadsheet matches GET /api/analytics), lines joined by CRLF (RFC 4180).

const toCsv = (lines: (string | number | null)[][]) =>
  lines
    .map((line) => line.map((cell) => csvCell(cell === null ? null : String(cell))).join(","))
    .join("\r\n");

/** Revenue per currency, as "EUR 1000+50/m; USD …" (initial plus monthly). */
const revenueOf = (revenue: { currency: string; initial: number; monthly: number }[]) =>
  revenue.map((amount) => `${amount.currency} ${amount.initial}+${amount.monthly}/m`).join("; ");

export function campaignsCsv(rows: CampaignRow[]): string {
  return toCsv([
    [
      "utm_campaign",
      "utm_source",
      "utm_medium",
      "visitors",
      "questionnaire_started",
      "leads",
      "meetings_booked",
      "proposals_shared",
      "signed",
      "revenue",
    ],
    ...rows.map((row) => [
      row.utm_campaign,
      row.utm_source,
      row.utm_medium,
      row.visitors,
      row.questionnaire_started,
      row.leads,
      row.meetings_booked,
      row.proposals_shared,
      row.signed,
      revenueOf(row.revenue),
    ]),
  ]);
}

/**
 * `labelOf` words a reason in the reader's language (a list key such as price, typed text as typed, none
 * recorded); `reason` keeps the stored value (empty when none was recorded).
 */
export function lostReasonsCsv(
  rows: LostReasonRow[],
  labelOf: (reason: string | null) => string,
): string {
  return toCsv([
    ["reason", "reason_label", "count", ...LOST_FROM_STAGES.map((stage) => `from_${stage}`)],
    ...rows.map((row) => [
      row.reason,
      labelOf(row.reason),
      row.count,
      ...LOST_FROM_STAGES.map((stage) => row.from_stage[stage]),
    ]),
  ]);
}
