/**
 * Event names and limits shared by the tracker, the ingestion endpoint and the dashboard.
 * A plain module (no "use client", no zod) so both bundles can import it cheaply.
 */
export const EVENT_TYPES = [
  "page_view",
  "camila_click",
  "phone_click",
  "email_click",
  "form_submit",
  "scroll_depth",
  "cta_click",
  "questionnaire_step",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Most events one request may carry. */
export const MAX_EVENTS_PER_BATCH = 50;
/** Largest request body the ingestion endpoint reads. */
export const MAX_EVENT_BODY_BYTES = 64 * 1024;
export const INGEST_PATH = "/api/analytics/event";

/** The questionnaire's steps: a `questionnaire_step` event names one by number and field name, never its answer. */
export const QUESTIONNAIRE_STEP_COUNT = 18;
/** The DOM event the questionnaire dispatches on reaching a step, and the queue it leaves for a tracker not started yet. */
export const QUESTIONNAIRE_STEP_EVENT = "av:questionnaire-step";
export const QUESTIONNAIRE_STEP_QUEUE = "avQuestionnaireSteps";

/**
 * Where a visit came from, decided at ingestion from its campaign tags and referrer (lib/analytics/channels.ts
 * classifyVisit). `internal` is a move within our own site.
 */
export const SOURCE_CHANNELS = [
  "organic",
  "direct",
  "social",
  "referral",
  "email",
  "paid",
  "campaign",
] as const;
export type SourceChannel = (typeof SOURCE_CHANNELS)[number] | "internal";

export const DEVICE_CLASSES = ["desktop", "mobile", "tablet"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
