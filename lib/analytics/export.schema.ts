import { z } from "zod";
import { ZPeriodQuery } from "./periods";

/** The dashboard tables that download as CSV. */
export const EXPORT_TABLES = [
  "funnel",
  "funnel_by_channel",
  "funnel_by_landing_page",
  "revenue_by_channel",
  "revenue_by_day",
  "questionnaire_steps",
  "sources",
  "conversions",
  "top_pages",
  "daily",
] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

const ZTable = z.enum(EXPORT_TABLES, {
  error: `table must be one of ${EXPORT_TABLES.join(", ")}.`,
});

/** The table, and the dashboard's period parameters; any other parameter is refused. */
export const ZExportQuery = z
  .strictObject({
    table: ZTable,
    range: z.string().optional(),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
  })
  .pipe(z.object({ table: ZTable }).and(ZPeriodQuery));
export type TExportQuery = z.infer<typeof ZExportQuery>;
