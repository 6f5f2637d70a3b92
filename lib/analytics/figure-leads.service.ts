import "server-only";
import { selectFigureLeadIds } from "./figure-leads.repo";
import type { SalesFigure } from "./figure-leads.schema";
import { resolvePeriod } from "./periods";

/**
 * The leads behind a figure of the per-salesperson or lost-reasons table over the local days from..to (the
 * CRM's `figure` filter; docs/product.md#per-salesperson). The same days as the dashboard's custom period.
 */
export function listFigureLeadIds(
  filter: { figure: SalesFigure; from: string; to: string; lostReason?: string },
  timeZone: string,
): Promise<string[]> {
  const period = resolvePeriod(
    { range: "custom", startDate: filter.from, endDate: filter.to },
    new Date(),
    timeZone,
  );
  return selectFigureLeadIds(filter.figure, period.start, period.end, filter.lostReason ?? null);
}
