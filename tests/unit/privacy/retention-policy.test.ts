import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { RETENTION, retentionPolicyValues } from "@/lib/privacy/retention";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

const CATALOGUES = { en, es } as const;
const UNITS = {
  en: { months: "months", days: "days", years: "years" },
  es: { months: "meses", days: "días", years: "años" },
};

describe.each(["en", "es"] as const)("the privacy policy's retention periods (%s)", (lang) => {
  const items = CATALOGUES[lang].Privacy.sections.retention.items as Record<string, string>;
  const t = createTranslator({
    locale: lang,
    messages: CATALOGUES[lang],
    namespace: "Privacy.sections.retention.items",
  });
  const rendered = Object.keys(items).map((key) => t(key as "1", retentionPolicyValues()));

  it("writes no period by hand: every number of months, days or years comes from lib/settings/retention-periods.ts", () => {
    const handWritten = Object.values(items).filter((text) =>
      /\d+\s*(months?|days?|years?|meses|días|años)/i.test(text),
    );
    expect(handWritten).toEqual([]);
  });

  it("states each of the code's periods", () => {
    const text = rendered.join("\n");
    const unit = UNITS[lang];
    expect(text).toContain(`${RETENTION.analyticsEventsMonths} ${unit.months}`);
    expect(text).toContain(`${RETENTION.serverLogsDays} ${unit.days}`);
    expect(text).toContain(`${RETENTION.spamDays} ${unit.days}`);
    expect(text).toContain(`${RETENTION.crmInactiveYears} ${unit.years}`);
    expect(text).toContain(`${RETENTION.heldDecidedDays} ${unit.days}`);
    expect(text).toContain(`${RETENTION.heldUndecidedDays} ${unit.days}`);
  });

  /** The one rendered item that speaks of `subject`, so each row's period is checked in its own sentence. */
  const itemAbout = (subject: RegExp) => {
    const matching = rendered.filter((text) => subject.test(text));
    expect(matching, `one retention item about ${subject}`).toHaveLength(1);
    return matching[0]!;
  };
  const WORDS = {
    en: {
      visitors: /anonymous user id/,
      visitorDays: /which days that id visited/,
      held: /held for review/i,
      heldAddress: /IP address and browser user agent/,
      decided: /accept or discard/,
      undecided: /nobody decides/,
      erasedHeld: /Erasing your data also deletes every held submission/,
      views: /opens a proposal link/,
      viewsRemoved: /IP address and browser are removed after/,
    },
    es: {
      visitors: /identificador anónimo de usuario/,
      visitorDays: /días en que ese identificador nos visitó/,
      held: /retenidos para revisión/i,
      heldAddress: /dirección IP y el agente de usuario/,
      decided: /acepte o descarte/,
      undecided: /si nadie decide/,
      erasedHeld: /se borran también todos los envíos retenidos/,
      views: /abre el enlace de una propuesta/,
      viewsRemoved: /La dirección IP y el navegador se eliminan a los/,
    },
  }[lang];
  const unit = UNITS[lang];

  it("deletes visitor ids and their visited days after the same months as the events", () => {
    const text = itemAbout(WORDS.visitors);
    expect(text).toMatch(WORDS.visitorDays);
    expect(text).toContain(`${RETENTION.analyticsEventsMonths} ${unit.months}`);
  });

  it("says a held submission stores an IP address and user agent, and for how long after a decision and without one", () => {
    const text = itemAbout(WORDS.held);
    expect(text).toMatch(WORDS.heldAddress);
    const decided = `${RETENTION.heldDecidedDays} ${unit.days}`;
    const undecided = `${RETENTION.heldUndecidedDays} ${unit.days}`;
    // Each period sits next to the case it belongs to, not merely somewhere in the sentence.
    expect(text.indexOf(decided)).toBeLessThan(text.search(WORDS.decided));
    expect(text.indexOf(undecided)).toBeGreaterThan(text.search(WORDS.decided));
    expect(text.indexOf(undecided)).toBeLessThan(text.search(WORDS.undecided));
    expect(text).toMatch(WORDS.erasedHeld);
  });

  it("says how long a proposal view keeps its IP address and browser", () => {
    const text = itemAbout(WORDS.views);
    expect(text).toMatch(WORDS.viewsRemoved);
    expect(text).toContain(`${RETENTION.crmInactiveYears} ${unit.years}`);
  });

  it("says what a signature stores and that client views are logged with their IP", () => {
    const text = rendered.join("\n");
    expect(text).toMatch(lang === "en" ? /drawn signature image/ : /imagen de la firma dibujada/);
    expect(text).toMatch(/SHA-256/);
    expect(text).toMatch(lang === "en" ? /IP address and browser/ : /dirección IP y el navegador/);
  });
});
