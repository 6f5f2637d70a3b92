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

  it("writes no period by hand: every number of months, days or years comes from lib/privacy/retention.ts", () => {
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
  });

  it("says what a signature stores and that client views are logged with their IP", () => {
    const text = rendered.join("\n");
    expect(text).toMatch(lang === "en" ? /drawn signature image/ : /imagen de la firma dibujada/);
    expect(text).toMatch(/SHA-256/);
    expect(text).toMatch(lang === "en" ? /IP address and browser/ : /dirección IP y el navegador/);
  });
});
