/** The manager's view: figures per salesperson and the forecast (lib/http/contract.ts; docs/product.md#per-salesperson). */
import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { ZDashboardQuery } from "./periods";
import { HUMAN_ACTIVITY_TYPES, ZForecastQuery } from "./sales.schema";

const count = z.number().int().min(0);

export const ZSalesReport = z
  .object({
    owners: z.array(
      z.object({
        owner: z.object({ id: z.string(), name: z.string() }).nullable(),
        new_leads: count,
        first_response_minutes_median: z.number().nullable(),
        activities: z.object(
          Object.fromEntries(HUMAN_ACTIVITY_TYPES.map((type) => [type, count])) as Record<
            (typeof HUMAN_ACTIVITY_TYPES)[number],
            typeof count
          >,
        ),
        proposals_shared: count,
        proposals_signed: count,
        won: z.array(
          z.object({
            currency: z.string(),
            initial: z.number(),
            monthly: z.number(),
            deals: count,
          }),
        ),
        win_rate: z.number().nullable(),
        days_to_win_median: z.number().nullable(),
        open: z.array(z.object({ currency: z.string(), value: z.number(), weighted: z.number() })),
      }),
    ),
  })
  .meta({ id: "SalesReport" });

export const ZForecast = z
  .object({
    months: z.array(
      z.object({
        month: z.string(),
        per_currency: z.array(
          z.object({
            currency: z.string(),
            committed: z.number(),
            weighted: z.number(),
            best_case: z.number(),
            actual: z.number().optional(),
            forecast: z
              .object({
                taken_on: z.string(),
                committed: z.number(),
                weighted: z.number(),
                best_case: z.number(),
              })
              .optional(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "Forecast" });

export const salesReport = defineContract({
  operationId: "getSalesReport",
  method: "GET",
  path: "/api/analytics/sales",
  tag: "analytics",
  access: "staff",
  summary: "The period's figures per salesperson and for unassigned leads.",
  description:
    "Managers and owners get every owner and `owner: null` (unassigned); a salesperson gets only their own row. Each figure follows the lead's current owner; `open` is the pipeline now, whatever the period.",
  query: ZDashboardQuery,
  responses: { 200: { description: "One row per owner.", schema: ZSalesReport } },
});

export const forecast = defineContract({
  operationId: "getForecast",
  method: "GET",
  path: "/api/analytics/forecast",
  tag: "analytics",
  access: "staff",
  summary: "Committed, weighted and best-case value per month of this quarter and the next.",
  description:
    "`owner`: `me` or an account id; managers and owners may ask for anyone (everyone without it), a salesperson only for themselves (another id is 403). `past` (0–12) adds that many months before the current quarter. A month that has begun has `actual` (signed in it) and, when a daily snapshot covered it, `forecast`: what the forecast said for it on `taken_on`, the last snapshot on or before its first day.",
  query: ZForecastQuery,
  responses: { 200: { description: "Six months (plus `past`), per currency.", schema: ZForecast } },
});

export const SALES_CONTRACTS = [salesReport, forecast];
