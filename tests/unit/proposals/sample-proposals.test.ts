import { describe, expect, it } from "vitest";
import {
  BUILDER_DEFAULT,
  SANTO_DOMINGO_MOTORS,
  SANTO_DOMINGO_MOTORS_MVP,
} from "@/lib/proposals/sample-proposals";
import { ZProposalData } from "@/lib/proposals/proposal.schema";

const sum = (amounts: string[]) =>
  amounts.reduce((total, amount) => total + Number(amount.replace(/,/g, "")), 0);

describe.each([
  ["premium", SANTO_DOMINGO_MOTORS, 37_000, 3_800],
  ["pilot", SANTO_DOMINGO_MOTORS_MVP, 12_200, 1_400],
  ["builder default", BUILDER_DEFAULT, 24_000, 2_500],
] as const)("the %s sample", (_name, sample, initial, monthly) => {
  it.each(["es", "en"] as const)(
    "in %s is valid proposal data whose items add up to the stated prices",
    (lang) => {
      const data = sample[lang];
      expect(ZProposalData.parse(data)).toEqual(data);
      expect(data.lang).toBe(lang);
      expect(sum(data.investment.items.map((i) => i.amount))).toBe(initial);
      expect(Number(data.investment.subtotal.replace(/,/g, ""))).toBe(initial);
      expect(sum(data.investment.monthly.map((i) => i.amount))).toBe(monthly);
    },
  );

  it("has the same structure in both languages", () => {
    const shape = (lang: "es" | "en") =>
      JSON.stringify(sample[lang], (_key, value) => (typeof value === "string" ? "" : value));
    expect(shape("es")).toBe(shape("en"));
  });
});

it("states the spec's payment terms and service level", () => {
  expect(SANTO_DOMINGO_MOTORS.en.investment.notes.join(" ")).toMatch(
    /50%.*40%.*10% 14 days after deployment/,
  );
  expect(SANTO_DOMINGO_MOTORS.en.investment.notes.join(" ")).toMatch(/99\.5%.*1 business day/);
  expect(SANTO_DOMINGO_MOTORS_MVP.en.investment.notes.join(" ")).toMatch(/70%.*30% at the end/);
  expect(SANTO_DOMINGO_MOTORS_MVP.es.mvp?.timeline.length).toBeGreaterThan(0);
});
