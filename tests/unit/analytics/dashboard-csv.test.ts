import { describe, expect, it } from "vitest";
import { campaignsCsv, lostReasonsCsv } from "@/lib/analytics/dashboard-csv";

// The CSV downloads of the campaigns and lost-reasons tables: what a spreadsheet opening the file reads.

describe("campaigns CSV", () => {
  it("writes one line per campaign with every figure of the table, headings as the API names them", () => {
    const csv = campaignsCsv([
      {
        utm_campaign: "spring, 2026",
        utm_source: "newsletter",
        utm_medium: "email",
        visitors: 120,
        questionnaire_started: 30,
        leads: 7,
        meetings_booked: 4,
        proposals_shared: 3,
        signed: 2,
        revenue: [
          { currency: "EUR", initial: 4000, monthly: 150 },
          { currency: "USD", initial: 1200.5, monthly: 0 },
        ],
      },
      {
        utm_campaign: '=HYPERLINK("x")',
        utm_source: null,
        utm_medium: null,
        visitors: 5,
        questionnaire_started: 0,
        leads: 0,
        meetings_booked: 0,
        proposals_shared: 0,
        signed: 0,
        revenue: [],
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "utm_campaign,utm_source,utm_medium,visitors,questionnaire_started,leads,meetings_booked,proposals_shared,signed,revenue",
      '"spring, 2026",newsletter,email,120,30,7,4,3,2,EUR 4000+150/m; USD 1200.5+0/m',
      // A tag that would run as a formula is written as text; an absent tag is an empty cell.
      `"'=HYPERLINK(""x"")",,,5,0,0,0,0,0,`,
    ]);
  });

  it("is the heading line alone without campaigns", () => {
    expect(campaignsCsv([]).split("\r\n")).toHaveLength(1);
  });
});

describe("lost reasons CSV", () => {
  it("writes the stored reason, its wording for the reader, the count and the stages lost from", () => {
    const labels: Record<string, string> = { price: "Precio" };
    const csv = lostReasonsCsv(
      [
        {
          reason: "price",
          count: 4,
          from_stage: { Qualification: 0, Discovery: 1, Proposal: 2, Negotiation: 1, Won: 0 },
        },
        {
          reason: "Se fue con su primo",
          count: 1,
          from_stage: { Qualification: 1, Discovery: 0, Proposal: 0, Negotiation: 0, Won: 0 },
        },
        {
          reason: null,
          count: 2,
          from_stage: { Qualification: 0, Discovery: 0, Proposal: 0, Negotiation: 2, Won: 0 },
        },
      ],
      (reason) => (reason === null ? "Sin motivo registrado" : (labels[reason] ?? reason)),
    );
    expect(csv.split("\r\n")).toEqual([
      "reason,reason_label,count,from_Qualification,from_Discovery,from_Proposal,from_Negotiation,from_Won",
      "price,Precio,4,0,1,2,1,0",
      "Se fue con su primo,Se fue con su primo,1,1,0,0,0,0",
      ",Sin motivo registrado,2,0,0,0,2,0",
    ]);
  });
});
