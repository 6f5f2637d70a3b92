import { proposalFigures } from "./proposal-amounts";
import type { ProposalData, ProposalLang } from "./proposal.schema";

/** One payment of the schedule a proposal's payment terms agree ("50% at the start"). */
export interface PaymentMilestone {
  /** What the payment is tied to, as the proposal words it ("at the start"). */
  label: string;
  percent: number;
  /** The share of the one-off investment, rounded to cents; null when the investment cannot be read. */
  amount: number | null;
  /** The first milestone is due once the proposal is signed. */
  isDueNow: boolean;
}

export interface PaymentSchedule {
  currency: string;
  /** The one-off investment the percentages apply to; null when its text cannot be read. */
  total: number | null;
  /** The sum of the monthly lines, 0 without any. */
  monthly: number;
  milestones: PaymentMilestone[];
  /** The sentence of the proposal the milestones were read from. */
  source: string;
}

// "Forma de pago: …", "Pagos: …", "Payment: …", "Payment terms: …".
const PAYMENT_LINE = /\b(pagos?|forma de pago|payments?|payment terms)\b/i;
const MILESTONE = /^(\d{1,3}(?:[.,]\d+)?)\s*%\s*(.+)$/;

/** Splits "50% al inicio, 40% antes de producción y 10% a los 14 días" into its percent phrases. */
function milestonesOf(sentence: string): { percent: number; label: string }[] | null {
  const body = sentence.includes(":") ? sentence.slice(sentence.indexOf(":") + 1) : sentence;
  const parts = body
    .replace(/\.\s*$/, "")
    .split(/[,;]|\s+(?:y|and|e)\s+(?=\d)/)
    .map((part) => part.trim())
    .filter(Boolean);
  const milestones: { percent: number; label: string }[] = [];
  for (const part of parts) {
    const match = MILESTONE.exec(part);
    if (!match) return null;
    milestones.push({ percent: Number(match[1]!.replace(",", ".")), label: match[2]!.trim() });
  }
  const sum = milestones.reduce((total, m) => total + m.percent, 0);
  // A schedule that does not add up to the whole investment is not one we can show as agreed.
  return milestones.length > 0 && Math.abs(sum - 100) < 0.01 ? milestones : null;
}

/**
 * The payment schedule agreed in a proposal, read from its payment terms (the investment notes first,
 * then the terms); null when no sentence states percentages that add up to 100.
 */
export function paymentScheduleOf(
  data: Pick<ProposalData, "investment" | "terms">,
): PaymentSchedule | null {
  const sentences = [...data.investment.notes, ...data.terms].filter(
    (line) => PAYMENT_LINE.test(line) && line.includes("%"),
  );
  for (const sentence of sentences) {
    const milestones = milestonesOf(sentence);
    if (!milestones) continue;
    const figures = proposalFigures(data);
    const total = figures?.initial ?? null;
    return {
      currency: figures?.currency ?? (data.investment.currency.trim() || "USD"),
      total,
      monthly: figures?.monthly ?? 0,
      source: sentence,
      milestones: milestones.map((m, index) => ({
        ...m,
        amount: total === null ? null : Math.round(total * m.percent) / 100,
        isDueNow: index === 0,
      })),
    };
  }
  return null;
}

/** How the business is paid, as configured (PAYMENT_INSTRUCTIONS_ES/EN, PAYMENT_URL). */
export interface PaymentWay {
  instructions: string | null;
  url: string | null;
}

/** The way to pay shown in one language; null when nothing is configured for it (no payment button). */
export function paymentWayOf(
  lang: ProposalLang,
  env: {
    PAYMENT_INSTRUCTIONS_ES?: string;
    PAYMENT_INSTRUCTIONS_EN?: string;
    PAYMENT_URL?: string;
  },
): PaymentWay | null {
  const instructions =
    (lang === "es" ? env.PAYMENT_INSTRUCTIONS_ES : env.PAYMENT_INSTRUCTIONS_EN) ?? null;
  const url = env.PAYMENT_URL ?? null;
  return instructions || url ? { instructions, url } : null;
}
