import en from "@/messages/en.json";
import es from "@/messages/es.json";
import type { Locale } from "./routing";

// The questionnaire's answers are stored in English for the business ("Healthcare", "3–6 months",
// "Yes"); every reader sees them in their own language: e-mails, the CRM, the dashboard and the
// certificate all read them through this one module, from the questionnaire's own catalogue.

/** The questionnaire's fields in the order it asks them, with the catalogue keys of their options. */
export const ANSWER_FIELDS = [
  { field: "website" },
  { field: "name" },
  { field: "email" },
  { field: "phone" },
  { field: "company" },
  { field: "industry", options: "industry" },
  { field: "employees_range", options: "employees" },
  { field: "headquarters" },
  { field: "role", options: "role" },
  { field: "uses_ai", options: "yesNo" },
  { field: "data_storage", options: "dataStorage" },
  { field: "has_data_team", options: "yesNo" },
  { field: "areas", options: "areas" },
  { field: "challenge" },
  { field: "timeline", options: "timeline" },
  { field: "budget", options: "budget" },
  { field: "preferred_contact", options: "preferredContact" },
  { field: "message" },
] as const;

export type AnswerField = (typeof ANSWER_FIELDS)[number]["field"];

const CATALOGUES = {
  es: { options: es.Optin.options, fields: es.AnswerFields },
  en: { options: en.Optin.options, fields: en.AnswerFields },
} as const;

type OptionGroups = Record<string, Record<string, string>>;

const isAnswerField = (field: string): field is AnswerField =>
  ANSWER_FIELDS.some((entry) => entry.field === field);

/** A field's short label ("Sector", "Employees"); a key we do not know is returned as it is. */
export function answerFieldLabel(locale: Locale, field: string): string {
  const fields = CATALOGUES[locale].fields as Record<string, string>;
  return fields[field] ?? field;
}

/** One stored value in the reader's language; free text and unknown values are returned as stored. */
export function answerValueLabel(locale: Locale, field: string, value: string): string {
  const entry = ANSWER_FIELDS.find((candidate) => candidate.field === field);
  if (!entry || !("options" in entry)) return value;
  return (CATALOGUES[locale].options as OptionGroups)[entry.options]?.[value] ?? value;
}

/** A stored answer (a string, a list, anything else) as one line of text in the reader's language. */
export function answerText(locale: Locale, field: string, value: unknown): string {
  if (value == null) return "";
  if (Array.isArray(value))
    return value.map((item) => answerValueLabel(locale, field, String(item))).join(", ");
  return answerValueLabel(locale, field, String(value));
}

export interface AnswerRow {
  field: string;
  label: string;
  value: string;
}

/**
 * A submission's answers in the questionnaire's order, labelled and translated for `locale`; empty
 * answers and the fields in `skip` left out. Fields the questionnaire does not ask (an older form's)
 * follow, in their stored order.
 */
export function answerRows(
  locale: Locale,
  answers: Record<string, unknown> | null | undefined,
  skip: readonly string[] = [],
): AnswerRow[] {
  const stored = answers ?? {};
  const known = ANSWER_FIELDS.map((entry) => entry.field).filter((field) => field in stored);
  const others = Object.keys(stored).filter((field) => !isAnswerField(field));
  return [...known, ...others]
    .filter((field) => !skip.includes(field))
    .map((field) => ({
      field,
      label: answerFieldLabel(locale, field),
      value: answerText(locale, field, stored[field]),
    }))
    .filter((row) => row.value !== "");
}

/** An amount of money as the reader writes it: "37.000 US$" in Spanish, "$37,000" in English. */
export function formatMoney(locale: Locale, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    // Not an ISO 4217 code: the number in the reader's format, then the code as written.
    return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`.trim();
  }
}
