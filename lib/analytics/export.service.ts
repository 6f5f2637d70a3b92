import "server-only";
import { csvCell } from "@/lib/http/csv";
import { getDashboard } from "./dashboard.service";
import type { AnalyticsDashboard } from "./dashboard.schema";
import type { ExportTable, TExportQuery } from "./export.schema";

type Cell = string | number | null;

/** Each table's header and rows, from the dashboard's own figures (so the file equals the page). */
function tableOf(data: AnalyticsDashboard, table: ExportTable): [string[], Cell[][]] {
  switch (table) {
    case "funnel":
      return [
        ["step", "count", "conversion", "previous", "change"],
        data.funnel.map((r) => [r.step, r.count, r.conversion, r.previous, r.change]),
      ];
    case "funnel_by_channel":
      return [
        ["channel", "step", "count", "conversion"],
        data.funnel_by_channel.flatMap((g) =>
          g.steps.map((r) => [g.channel, r.step, r.count, r.conversion]),
        ),
      ];
    case "funnel_by_landing_page":
      return [
        ["landing_page", "step", "count", "conversion"],
        data.funnel_by_landing_page.flatMap((g) =>
          g.steps.map((r) => [g.landing_page, r.step, r.count, r.conversion]),
        ),
      ];
    case "revenue_by_channel":
      return [
        ["channel", "currency", "initial", "monthly", "deals", "unparsed"],
        data.revenue_by_channel.map((r) => [
          r.channel,
          r.currency,
          r.initial,
          r.monthly,
          r.deals,
          r.unparsed,
        ]),
      ];
    case "revenue_by_day":
      return [
        ["date", "currency", "initial", "monthly", "deals", "unparsed"],
        data.revenue_by_day.map((r) => [
          r.date,
          r.currency,
          r.initial,
          r.monthly,
          r.deals,
          r.unparsed,
        ]),
      ];
    case "questionnaire_steps":
      return [
        ["step", "name", "reached", "left", "median_seconds"],
        data.questionnaire_steps.map((r) => [r.step, r.name, r.reached, r.left, r.median_seconds]),
      ];
    case "sources":
      return [
        ["channel", "visits", "percent"],
        data.sources.map((r) => [r.channel, r.visits, r.percent]),
      ];
    case "conversions":
      return [
        ["channel", "count", "percent"],
        data.channels.map((r) => [r.channel, r.count, r.percent]),
      ];
    case "top_pages":
      return [["path", "views"], data.topPages.map((r) => [r.path, r.views])];
    case "daily":
      return [
        ["date", "page_views", "visitors"],
        data.daily.map((r) => [r.date, r.pageViews, r.visitors]),
      ];
  }
}

/**
 * One dashboard table for the chosen period as CSV (UTF-8 with a byte-order mark for Excel), with the
 * CRM export's guard: a cell a spreadsheet would read as a formula is written as text.
 */
export async function exportAnalyticsTable(
  query: TExportQuery,
): Promise<{ csv: string; filename: string }> {
  const { table, ...period } = query;
  const data = await getDashboard(period);
  const [header, rows] = tableOf(data, table);
  const lines = [
    header.join(","),
    // Numbers are written as they are (a negative change is not a formula); text gets the guard.
    ...rows.map((row) =>
      row.map((cell) => (typeof cell === "number" ? String(cell) : csvCell(cell))).join(","),
    ),
  ];
  return {
    csv: `\uFEFF${lines.join("\r\n")}\r\n`,
    filename: `analytics-${table}-${data.startDate}-${data.endDate}.csv`,
  };
}
