import { describe, expect, it } from "vitest";
import { draftProposalFromLead } from "@/lib/proposals/draft-from-lead";
import { ZProposalData } from "@/lib/proposals/proposal.schema";

const lead = {
  id: "8d3c1c2e-1a4b-4c5d-8e6f-7a8b9c0d1e2f",
  name: "Lucía Fernández",
  email: "lucia@clinica-norte.example",
  company: "Clínica Norte",
  industry: "Healthcare",
  lang: "es",
};
const sum = (amounts: string[]) =>
  amounts.reduce((total, amount) => total + Number(amount.replace(/,/g, "")), 0);

describe("drafting a proposal from a lead's answers", () => {
  it("turns areas into solutions and KPIs, the budget into a priced tier and the timeline into phases", () => {
    const data = draftProposalFromLead(lead, {
      areas: ["customer experience", "process automation"],
      budget: "$25k–$100k",
      timeline: "Immediately",
      headquarters: "Bilbao",
    });
    expect(ZProposalData.parse(data)).toEqual(data);
    expect(data.lang).toBe("es");
    expect(data.client).toMatchObject({
      name: "Clínica Norte",
      contactEmail: "lucia@clinica-norte.example",
      contactId: lead.id,
      country: "",
    });
    expect(data.kpis).toHaveLength(2);
    expect(data.investment.items.map((i) => i.label)).toContain(
      "Agente omnicanal de atención (voz, WhatsApp y web)",
    );
    expect(data.investment.subtotal).toBe("24,000");
    expect(sum(data.investment.items.map((i) => i.amount))).toBe(24_000);
    expect(sum(data.investment.monthly.map((i) => i.amount))).toBe(2_500);
    expect(data.timeline[0]!.duration).toBe("1 semana");
    expect(data.mvp).toBeUndefined();
  });

  it("offers the 2-week pilot, with its mvp section, for budgets under $25k", () => {
    const data = draftProposalFromLead(
      { ...lead, lang: "en" },
      { areas: ["cost reduction"], budget: "Under $25k", timeline: "3–6 months", lang: "en" },
    );
    expect(data.lang).toBe("en");
    expect(data.investment.subtotal).toBe("12,200");
    expect(sum(data.investment.items.map((i) => i.amount))).toBe(12_200);
    expect(data.investment.notes[0]).toMatch(/70%.*30%/);
    expect(data.mvp?.timeline.length).toBe(3);
  });

  it("uses the premium prices for larger budgets and the longer plan for 6–12 months", () => {
    const data = draftProposalFromLead(lead, {
      areas: ["predictive analytics"],
      budget: "$100k–$500k",
      timeline: "6–12 months",
    });
    expect(sum(data.investment.items.map((i) => i.amount))).toBe(37_000);
    expect(sum(data.investment.monthly.map((i) => i.amount))).toBe(3_800);
    expect(data.timeline).toHaveLength(4);
  });

  it("still produces a complete draft for a lead with no answers, and the same draft every time", () => {
    const a = draftProposalFromLead({ ...lead, company: null }, null);
    expect(a.client.name).toBe("Lucía Fernández");
    expect(a.kpis.length).toBeGreaterThan(0);
    expect(draftProposalFromLead({ ...lead, company: null }, null)).toEqual(a);
  });
});
