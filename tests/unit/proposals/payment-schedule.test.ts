import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env.schema";
import { paymentScheduleOf, paymentWayOf } from "@/lib/proposals/payment-schedule";
import { ZProposalData } from "@/lib/proposals/proposal.schema";
import { SANTO_DOMINGO_MOTORS } from "@/lib/proposals/sample-proposals";

const withTerms = (notes: string[], terms: string[] = [], subtotal = "24,000") =>
  ZProposalData.parse({
    investment: { currency: "USD", subtotal, monthly: [{ label: "x", amount: "2,500" }], notes },
    terms,
  });

describe("the payment schedule a client sees after signing", () => {
  it("reads the Spanish sample's 50/40/10 terms as three milestones of its USD 37,000, the first due now", () => {
    const schedule = paymentScheduleOf(SANTO_DOMINGO_MOTORS.es)!;
    expect(schedule.currency).toBe("USD");
    expect(schedule.total).toBe(37000);
    expect(schedule.monthly).toBe(3800);
    expect(schedule.milestones).toEqual([
      { percent: 50, label: "al inicio", amount: 18500, isDueNow: true },
      { percent: 40, label: "antes de pasar a producción", amount: 14800, isDueNow: false },
      { percent: 10, label: "a los 14 días del despliegue", amount: 3700, isDueNow: false },
    ]);
  });

  it("reads an English pilot's 70/30 terms", () => {
    const schedule = paymentScheduleOf(
      withTerms(["Payment: 70% at the start and 30% at the end of the pilot."], [], "12,200"),
    )!;
    expect(schedule.milestones.map((m) => [m.percent, m.label, m.amount])).toEqual([
      [70, "at the start", 8540],
      [30, "at the end of the pilot", 3660],
    ]);
  });

  it("falls back to the terms when the notes state no schedule", () => {
    const schedule = paymentScheduleOf(
      withTerms(["Prices exclude tax."], ["Payments: 60% on signing; 40% on delivery."]),
    )!;
    expect(schedule.milestones.map((m) => m.percent)).toEqual([60, 40]);
    expect(schedule.source).toBe("Payments: 60% on signing; 40% on delivery.");
  });

  it("offers no schedule when the percentages do not add up to 100 or there are none", () => {
    expect(paymentScheduleOf(withTerms(["Payment: 50% at the start and 40% later."]))).toBeNull();
    expect(paymentScheduleOf(withTerms(["Forma de pago: a convenir."]))).toBeNull();
    expect(paymentScheduleOf(withTerms([]))).toBeNull();
  });

  it("keeps the milestones but no amounts when the investment's text cannot be read", () => {
    const schedule = paymentScheduleOf(
      withTerms(["Payment: 50% at the start and 50% on delivery."], [], "a convenir"),
    )!;
    expect(schedule.total).toBeNull();
    expect(schedule.milestones.map((m) => m.amount)).toEqual([null, null]);
  });
});

describe("the way to pay a signed proposal", () => {
  const env = (values: Record<string, string>) =>
    parseServerEnv({ DATABASE_URL: "postgresql://x", ...values });

  it("is not offered at all when the business configured none (no payment button)", () => {
    expect(paymentWayOf("es", env({}))).toBeNull();
    expect(paymentWayOf("en", env({ PAYMENT_INSTRUCTIONS_EN: "  " }))).toBeNull();
  });

  it("shows the instructions in the page's language only, and the payment page in both", () => {
    const both = env({
      PAYMENT_INSTRUCTIONS_ES: "Transferencia bancaria",
      PAYMENT_URL: "https://pay.example.com/x",
    });
    expect(paymentWayOf("es", both)).toEqual({
      instructions: "Transferencia bancaria",
      url: "https://pay.example.com/x",
    });
    expect(paymentWayOf("en", both)).toEqual({
      instructions: null,
      url: "https://pay.example.com/x",
    });
    expect(paymentWayOf("en", env({ PAYMENT_INSTRUCTIONS_ES: "Transferencia" }))).toBeNull();
  });

  it("refuses a payment page that is not https at start", () => {
    expect(() => env({ PAYMENT_URL: "http://pay.example.com" })).toThrow(/PAYMENT_URL/);
    expect(() => env({ PAYMENT_URL: "javascript:alert(1)" })).toThrow(/PAYMENT_URL/);
  });
});
