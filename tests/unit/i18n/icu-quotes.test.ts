import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

// In ICU messages an apostrophe before a brace escapes it, so '{title}' prints literally.
function leaves(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === "string") return [[path.join("."), value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  return [];
}

describe("no placeholder is escaped by an apostrophe", () => {
  for (const [locale, messages] of [
    ["en", en],
    ["es", es],
  ] as const)
    it(locale, () => {
      const escaped = leaves(messages).filter(([, text]) => /'\{\w+\}/.test(text));
      expect(escaped.map(([key]) => key)).toEqual([]);
      const t = createTranslator({ locale, messages, namespace: "ProposalMail" });
      expect(t("intro", { title: "Agente", brand: "Avanza" })).toContain("Agente");
    });
});
