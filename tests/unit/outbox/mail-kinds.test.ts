import { describe, expect, it } from "vitest";
import { MAIL_KINDS } from "@/lib/outbox/mail-kinds";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

// The staff outbox names each message's kind; a kind without a label showed its code ("lead_assigned").
describe("every kind of e-mail has a name in the staff outbox", () => {
  for (const [locale, messages] of [
    ["en", en],
    ["es", es],
  ] as const)
    it(locale, () => {
      const labels: Record<string, string> = messages.Outbox.kind;
      expect(MAIL_KINDS.filter((kind) => !labels[kind]?.trim())).toEqual([]);
      expect(Object.keys(labels).sort()).toEqual([...MAIL_KINDS].sort());
    });
});
