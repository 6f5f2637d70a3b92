import { describe, expect, it } from "vitest";
import { parseAmountText, proposalFigures } from "@/lib/proposals/proposal-amounts";

describe("parseAmountText", () => {
  it.each([
    ["24,000", 24000, null],
    ["24.000", 24000, null],
    ["USD 12,200", 12200, "USD"],
    ["USD 12.200,50", 12200.5, "USD"],
    ["12,200.50 USD", 12200.5, "USD"],
    ["$1,400", 1400, "USD"],
    ["€ 3.800", 3800, "EUR"],
    ["1 250 000", 1250000, null],
    ["1.5", 1.5, null],
    ["2,75", 2.75, null],
    ["12,200,000", 12200000, null],
    ["950", 950, null],
  ])("reads %s", (text, amount, currency) => {
    expect(parseAmountText(text)).toEqual({ amount, currency });
  });

  it.each([
    "a convenir",
    "",
    "  ",
    "12,20,0",
    "1.2345",
    "12.200.50,5,5",
    "12,200.5.0",
    "from 2,000",
    "2,000 – 3,000",
    "USD $ EUR 5",
    "€ 5 USD",
    "1e5",
    "12,",
  ])("refuses to guess %j", (text) => {
    expect(parseAmountText(text)).toBeNull();
  });
});

describe("proposalFigures", () => {
  const investment = (over: object) => ({
    investment: {
      currency: "USD",
      items: [],
      subtotal: "",
      monthly: [],
      notes: [],
      totalNotice: "",
      ...over,
    },
  });

  it("takes the subtotal as the initial amount and adds the monthly lines", () => {
    expect(
      proposalFigures(
        investment({
          subtotal: "24,000",
          items: [{ label: "a", amount: "1" }],
          monthly: [
            { label: "Platform", amount: "1,500" },
            { label: "Support", amount: "1,000" },
          ],
        }),
      ),
    ).toEqual({ currency: "USD", initial: 24000, monthly: 2500 });
  });

  it("adds the items when there is no subtotal", () => {
    expect(
      proposalFigures(
        investment({
          currency: "eur",
          items: [
            { label: "a", amount: "3.600" },
            { label: "b", amount: "8.400,50" },
          ],
        }),
      ),
    ).toEqual({ currency: "EUR", initial: 12000.5, monthly: 0 });
  });

  it("marks a figure unparsed (null) when any of its texts cannot be read or is in another currency", () => {
    expect(
      proposalFigures(
        investment({ subtotal: "a convenir", monthly: [{ label: "m", amount: "EUR 100" }] }),
      ),
    ).toEqual({ currency: "USD", initial: null, monthly: null });
  });

  it("has no figures for a proposal without amounts", () => {
    expect(proposalFigures(investment({}))).toBeNull();
  });
});
