/** The site's own analytics: the tracker's events and the staff dashboard (lib/http/contract.ts). */
import { z } from "zod";
import { defineContract, errorAnswer, fileAnswer } from "@/lib/http/contract";
import {
  CONVERSION_CHANNELS,
  FUNNEL_STEPS,
  LOST_FROM_STAGES,
  type LostFromStage,
} from "./dashboard.schema";
import { ZTrackedEvent } from "./event.schema";
import { MAX_EVENT_BODY_BYTES, MAX_EVENTS_PER_BATCH, SOURCE_CHANNELS } from "./events";
import { ZExportQuery } from "./export.schema";
import { RANGES, ZDashboardQuery } from "./periods";

const headline = {
  totalTraffic: z.number(),
  uniqueTraffic: z.number(),
  totalOptins: z.number(),
  camilaClicks: z.number(),
};
const ZFunnelStep = z.object({
  step: z.enum(FUNNEL_STEPS),
  count: z.number(),
  conversion: z.number().nullable(),
});
const ZDay = z.object({ date: z.string(), pageViews: z.number(), visitors: z.number() });
const money = {
  currency: z.string(),
  initial: z.number(),
  monthly: z.number(),
  deals: z.number(),
  unparsed: z.number(),
};

export const ZDashboard = z
  .object({
    ...headline,
    range: z.enum(RANGES),
    startDate: z.string(),
    endDate: z.string(),
    timeZone: z.string(),
    previous: z.object({
      ...headline,
      startDate: z.string(),
      endDate: z.string(),
      until: z.string().nullable(),
    }),
    change: z.object({
      totalTraffic: z.number().nullable(),
      uniqueTraffic: z.number().nullable(),
      totalOptins: z.number().nullable(),
      camilaClicks: z.number().nullable(),
    }),
    sources: z.array(
      z.object({ channel: z.enum(SOURCE_CHANNELS), visits: z.number(), percent: z.number() }),
    ),
    channels: z.array(
      z.object({ channel: z.enum(CONVERSION_CHANNELS), count: z.number(), percent: z.number() }),
    ),
    daily: z.array(ZDay),
    previousDaily: z.array(ZDay),
    topPages: z.array(z.object({ path: z.string(), views: z.number() })),
    funnel: z.array(ZFunnelStep.extend({ previous: z.number(), change: z.number().nullable() })),
    funnel_by_channel: z.array(z.object({ channel: z.string(), steps: z.array(ZFunnelStep) })),
    funnel_by_landing_page: z.array(
      z.object({ landing_page: z.string(), steps: z.array(ZFunnelStep) }),
    ),
    questionnaire_steps: z.array(
      z.object({
        step: z.number(),
        name: z.string().nullable(),
        reached: z.number(),
        left: z.number(),
        median_seconds: z.number().nullable(),
      }),
    ),
    revenue_by_channel: z.array(z.object({ channel: z.string(), ...money })),
    revenue_by_day: z.array(z.object({ date: z.string(), ...money })),
    lost_reasons: z
      .array(
        z.object({
          reason: z.string().nullable(),
          count: z.number().int(),
          from_stage: z.object(
            Object.fromEntries(
              LOST_FROM_STAGES.map((stage) => [stage, z.number().int()]),
            ) as Record<LostFromStage, z.ZodNumber>,
          ),
        }),
      )
      .meta({
        description:
          "Deals lost in the period (leads in Lost whose latest move there falls in it) by the reason given (null: moved before reasons were asked), with the stage each left; most frequent first.",
      }),
    campaigns: z
      .array(
        z.object({
          utm_campaign: z.string(),
          utm_source: z.string().nullable(),
          utm_medium: z.string().nullable(),
          visitors: z.number().int(),
          questionnaire_started: z.number().int(),
          leads: z.number().int(),
          meetings_booked: z.number().int(),
          proposals_shared: z.number().int(),
          signed: z.number().int(),
          revenue: z.array(
            z.object({ currency: z.string(), initial: z.number(), monthly: z.number() }),
          ),
        }),
      )
      .meta({
        description:
          "The period's campaigns by utm_campaign with its source and medium (null: untagged), most visitors first, at most 50: visitors with a page view tagged with it, those of them who opened the questionnaire, and the questionnaire leads, proposals shared, signed and won revenue whose lead's first touch carried it.",
      }),
  })
  .meta({ id: "AnalyticsDashboard" });

export const postEvents = defineContract({
  operationId: "trackEvents",
  method: "POST",
  path: "/api/analytics/event",
  tag: "analytics",
  access: "public",
  summary: "One tracker event, or `{events: [...]}` (up to 50), from our own pages.",
  description:
    "Each event is checked on its own: a bad one is refused alone (listed in `errors` by its place in the batch) while the others are stored. JSON may come as text/plain (navigator.sendBeacon). 400 when no event is valid; 403 from another site.",
  body: {
    schema: z.union([
      ZTrackedEvent,
      z.object({ events: z.array(ZTrackedEvent).min(1).max(MAX_EVENTS_PER_BATCH) }),
    ]),
    maxBytes: MAX_EVENT_BODY_BYTES,
    allowTextPlain: true,
    readByHandler: true,
  },
  responses: {
    202: {
      description: "What was stored and what was refused.",
      schema: z.object({
        accepted: z.number().int(),
        rejected: z.number().int(),
        errors: z.array(z.object({ index: z.number().int(), reason: z.string() })),
      }),
    },
    403: errorAnswer("Sent from another site."),
    429: errorAnswer("Past the address's or the site's event allowance.", {
      "Retry-After": "Seconds to wait before trying again.",
    }),
  },
});

export const dashboard = defineContract({
  operationId: "getAnalyticsDashboard",
  method: "GET",
  path: "/api/analytics",
  tag: "analytics",
  access: "staff",
  summary: "The dashboard's figures for a period and the one before it.",
  query: ZDashboardQuery,
  responses: { 200: { description: "The dashboard.", schema: ZDashboard } },
});

export const exportTable = defineContract({
  operationId: "exportAnalyticsTable",
  method: "GET",
  path: "/api/analytics/export",
  tag: "analytics",
  access: "staff",
  summary: "One dashboard table for a period as CSV (formula-looking cells written as text).",
  query: ZExportQuery,
  responses: { 200: fileAnswer("The table.", "text/csv") },
});

export const ANALYTICS_CONTRACTS = [postEvents, dashboard, exportTable];
