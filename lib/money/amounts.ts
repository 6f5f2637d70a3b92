import { z } from "zod";

/** The parts of a proposal's investment that carry money: what its figures are read from. */
export interface InvestmentAmounts {
  currency: string;
  items: { amount: string }[];
  subtotal: string;
  monthly: { amount: string }[];
}

/**
 * Reads the money parts of stored proposal data. Stored data was validated whole on every write, so this
 * only needs the fields the figures use; anything else is left to lib/proposals.
 */
export const ZStoredInvestment = z.object({
  investment: z
    .object({
      currency: z.string().default("USD"),
      items: z.array(z.object({ amount: z.string() })).default([]),
      subtotal: z.string().default(""),
      monthly: z.array(z.object({ amount: z.string() })).default([]),
    })
    .default({ currency: "USD", items: [], subtotal: "", monthly: [] }),
});

/**
 * Proposal amounts are free text written by people ("24,000", "USD 12.200,50", "a convenir"). Revenue and
 * pipeline value need numbers, so they are parsed once here, and a text we cannot read with certainty is
 * reported as unparsed rather than guessed (docs/product.md#deal-value).
 */
export interface ParsedAmount {
  /** In the currency's units, rounded to cents. */
  amount: number;
  /** An ISO-like code written in the text itself ("USD 1,200" → "USD"), or null. */
  currency: string | null;
}

const SYMBOLS: Record<string, string> = { $: "USD", US$: "USD", "€": "EUR", "£": "GBP" };
/** Spaces people and word processors put between groups of thousands. */
const GROUP_SPACES = /[\s\u00a0\u202f\u2009']/g;

/** One amount written as text, or null when it is not a single plain number (with an optional currency). */
export function parseAmountText(text: string): ParsedAmount | null {
  let rest = text.trim();
  if (rest === "") return null;
  let currency: string | null = null;

  const code = /^([A-Za-z]{3})\s*|\s*([A-Za-z]{3})$/.exec(rest);
  if (code) {
    currency = (code[1] ?? code[2])!.toUpperCase();
    rest = rest.replace(code[0], "");
  }
  const symbol = /^(US\$|\$|€|£)\s*|\s*(€|£)$/.exec(rest);
  if (symbol) {
    const named = SYMBOLS[(symbol[1] ?? symbol[2])!]!;
    if (currency && currency !== named) return null;
    currency = named;
    rest = rest.replace(symbol[0], "");
  }
  rest = rest.replace(GROUP_SPACES, "");
  if (!/^\d[\d.,]*$/.test(rest) || /[.,]$/.test(rest)) return null;

  const amount = Number(normaliseSeparators(rest));
  if (!Number.isFinite(amount)) return null;
  return { amount: Math.round(amount * 100) / 100, currency };
}

/** "12.200,50" → "12200.50"; "12,200" → "12200"; "1.5" → "1.5"; ambiguous groupings → NaN. */
function normaliseSeparators(digits: string): string {
  const lastComma = digits.lastIndexOf(",");
  const lastDot = digits.lastIndexOf(".");
  if (lastComma === -1 && lastDot === -1) return digits;
  if (lastComma !== -1 && lastDot !== -1) {
    const decimal = lastComma > lastDot ? "," : ".";
    const group = decimal === "," ? "." : ",";
    const [whole, fraction] = splitOnce(digits, decimal);
    if (fraction.includes(group) || !isGrouped(whole, group) || fraction.length > 2) return "NaN";
    return `${whole.replaceAll(group, "")}.${fraction}`;
  }
  const separator = lastComma !== -1 ? "," : ".";
  const parts = digits.split(separator);
  // Several separators, or one followed by exactly three digits, group thousands; otherwise it is a decimal mark.
  if (parts.length > 2 || parts[1]!.length === 3)
    return isGrouped(digits, separator) ? parts.join("") : "NaN";
  return parts[1]!.length <= 2 ? `${parts[0]}.${parts[1]}` : "NaN";
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.lastIndexOf(separator);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** "12,200,000" grouped by ","; the first group has 1–3 digits and every other exactly 3. */
function isGrouped(whole: string, group: string): boolean {
  const parts = whole.split(group);
  return (
    parts[0]!.length >= 1 && parts[0]!.length <= 3 && parts.slice(1).every((p) => p.length === 3)
  );
}

/** A proposal's money as figures: null figures mean the text could not be read (shown as 'unparsed'). */
export interface ProposalFigures {
  currency: string;
  /** The one-off investment: the subtotal, or the sum of the items when there is no subtotal. */
  initial: number | null;
  /** The sum of the monthly lines (0 when there are none). */
  monthly: number | null;
}

/** The figures of a proposal's investment section; null when it states no amount at all. */
export function proposalFigures(data: { investment: InvestmentAmounts }): ProposalFigures | null {
  const { investment } = data;
  const currency = normaliseCurrency(investment.currency);
  const hasInitial = investment.subtotal.trim() !== "" || investment.items.length > 0;
  if (!hasInitial && investment.monthly.length === 0) return null;

  const read = (text: string): number | null => {
    const parsed = parseAmountText(text);
    if (!parsed) return null;
    // An amount in another currency than the proposal's cannot be added to it.
    if (parsed.currency && parsed.currency !== currency) return null;
    return parsed.amount;
  };
  const sum = (texts: string[]): number | null => {
    let total = 0;
    for (const text of texts) {
      const value = read(text);
      if (value === null) return null;
      total += value;
    }
    return Math.round(total * 100) / 100;
  };
  const initial = !hasInitial
    ? 0
    : investment.subtotal.trim() !== ""
      ? read(investment.subtotal)
      : sum(investment.items.map((item) => item.amount));
  return { currency, initial, monthly: sum(investment.monthly.map((line) => line.amount)) };
}

function normaliseCurrency(text: string): string {
  const trimmed = text.trim();
  return SYMBOLS[trimmed] ?? (trimmed.toUpperCase() || "USD");
}
