/**
 * The figures of the per-salesperson and lost-reasons tables whose leads the CRM can list exactly
 * (`GET /api/crm/leads?figure=…&from=…&to=…`, with `owner` for one salesperson's row):
 * - `new_leads`: leads created in the period;
 * - `activities`: leads with a note, call, e-mail or meeting written in the period (the figure counts the
 *   entries, the list shows the leads they were written on);
 * - `won`: leads in Won that entered it in the period and carry a value (the won-deals figure);
 * - `lost`: leads in Lost whose latest move into Lost falls in the period (with `lost_reason`, for that
 *   reason only); `lost_unrecorded`: those of them moved before a reason was asked.
 */
export const SALES_FIGURES = ["new_leads", "activities", "won", "lost", "lost_unrecorded"] as const;
export type SalesFigure = (typeof SALES_FIGURES)[number];
