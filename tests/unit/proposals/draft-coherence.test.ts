import { describe, expect, it } from "vitest";
import { AREAS, BUDGETS, TIMELINES } from "@/lib/leads/lead-submission.schema";
import { draftProposalFromLead, PILOT_WEEKS } from "@/lib/proposals/draft-from-lead";
import { ZProposalData, type ProposalData } from "@/lib/proposals/proposal.schema";

// Every budget × timeline × non-empty set of areas, in both languages: each draft must agree with itself.

const lead = {
  id: "5f0c7d0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  name: "Lucía Fernández",
  email: "lucia@example.com",
  company: "Clínica Norte",
  industry: "Salud",
  lang: "es",
};

const amount = (text: string) => Number(text.replace(/,/g, ""));
const sum = (texts: string[]) => texts.reduce((total, text) => total + amount(text), 0);
const weeksOf = (duration: string) => {
  const match = /^(\d+) (semanas?|weeks?)$/.exec(duration);
  if (!match) throw new Error(`unreadable duration: ${duration}`);
  return Number(match[1]);
};
const mentionsSla = (texts: string[]) => texts.some((text) => /99\.5%|SLA/.test(text));

function areaSets(): (typeof AREAS)[number][][] {
  const sets: (typeof AREAS)[number][][] = [];
  for (let mask = 1; mask < 1 << AREAS.length; mask++)
    sets.push(AREAS.filter((_, index) => mask & (1 << index)));
  return sets;
}

function checkCoherent(data: ProposalData, isPilot: boolean) {
  expect(ZProposalData.safeParse(data).success).toBe(true);
  const { investment } = data;
  // Totals: the items add up to the subtotal, and the notice quotes the same figures.
  expect(sum(investment.items.map((item) => item.amount))).toBe(amount(investment.subtotal));
  const monthly = sum(investment.monthly.map((item) => item.amount));
  expect(investment.totalNotice).toContain(investment.subtotal);
  expect(investment.totalNotice).toContain(monthly.toLocaleString("en-US"));
  // Terms and notes state the same payment plan.
  expect(data.terms).toContain(investment.notes[0]);
  const totalWeeks = data.timeline.reduce((total, phase) => total + weeksOf(phase.duration), 0);
  if (isPilot) {
    expect(data.mvp).toBeDefined();
    expect(totalWeeks).toBe(PILOT_WEEKS);
    expect(investment.notes[0]).toMatch(/70%.*30%/);
    expect(mentionsSla(data.terms)).toBe(false);
    expect(mentionsSla(investment.notes)).toBe(false);
    for (const scope of data.mvp!.scope)
      expect(scope).toMatch(
        new RegExp(`^(Piloto de ${PILOT_WEEKS} semanas|${PILOT_WEEKS}-week pilot)`),
      );
  } else {
    expect(data.mvp).toBeUndefined();
    expect(totalWeeks).toBeGreaterThan(PILOT_WEEKS);
    expect(investment.notes[0]).toMatch(/50%.*40%.*10%/);
    expect(mentionsSla(data.terms)).toBe(true);
    expect(mentionsSla(investment.notes)).toBe(true);
  }
}

describe("drafts agree with themselves for every budget × timeline × areas", () => {
  for (const budget of BUDGETS)
    for (const timeline of TIMELINES)
      it(`${budget} · ${timeline}`, () => {
        const isPilot = budget === "Under $25k";
        for (const areas of areaSets()) {
          const es = draftProposalFromLead(lead, { areas, budget, timeline, lang: "es" });
          const en = draftProposalFromLead(lead, { areas, budget, timeline, lang: "en" });
          checkCoherent(es, isPilot);
          checkCoherent(en, isPilot);
          // The two languages make the same offer.
          expect(en.investment.items.map((i) => i.amount)).toEqual(
            es.investment.items.map((i) => i.amount),
          );
          expect(en.timeline.map((p) => weeksOf(p.duration))).toEqual(
            es.timeline.map((p) => weeksOf(p.duration)),
          );
          expect(en.terms).toHaveLength(es.terms.length);
          expect(en.kpis).toHaveLength(areas.length);
        }
      });
});
