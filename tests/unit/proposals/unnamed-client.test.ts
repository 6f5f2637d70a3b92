import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { ProposalDocument } from "@/components/proposals/proposal-document";
import { proposalTranslator } from "@/components/proposals/proposal-translator";
import { buildProposalOpenedAlert } from "@/lib/alerts/alert-mail";
import {
  proposalTitleOf,
  proposalTranslator as pdfTranslator,
} from "@/lib/proposals/pdf/proposal-body";
import {
  buildProposalEmail,
  buildReminderEmail,
  buildSignedClientEmail,
  buildSignedStaffEmail,
  defaultProposalSubject,
  signedAttachmentName,
} from "@/lib/proposals/proposal-mail";
import { ZProposalData, type ProposalLang } from "@/lib/proposals/proposal.schema";

// A proposal whose author left the client's name empty still greets and names its reader in the
// proposal's own language: "Cliente" is the Spanish word, not a name to put in an English letter.

const unnamed = (lang: ProposalLang) =>
  ZProposalData.parse({
    lang,
    title: lang === "es" ? "Piloto de atención" : "Support pilot",
    investment: { items: [{ label: "Pilot", amount: "5,000" }] },
  });

const cases = [
  { lang: "es", word: "Cliente", greeting: "Hola, Cliente:", signedFile: "Cliente - firmada.pdf" },
  { lang: "en", word: "Client", greeting: "Hello Client,", signedFile: "Client - signed.pdf" },
] as const;

describe("a proposal without a client name", () => {
  for (const { lang, word, greeting, signedFile } of cases) {
    it(`greets the client as "${word}" in its ${lang} e-mails`, () => {
      const data = unnamed(lang);
      const sent = buildProposalEmail({
        data,
        token: "t".repeat(43),
        to: "client@example.com",
        validUntil: new Date("2026-12-31T00:00:00Z"),
      });
      const reminder = buildReminderEmail({
        data,
        token: "t".repeat(43),
        to: "client@example.com",
        expiresAt: new Date("2026-12-31T00:00:00Z"),
      });
      expect(sent.text).toContain(greeting);
      expect(reminder.text).toContain(greeting);
    });

    it(`titles its ${lang} PDF "${word}" when it has no title either`, () => {
      const untitled = { ...unnamed(lang), title: "" };
      expect(proposalTitleOf(untitled, pdfTranslator(lang))).toBe(word);
    });

    it(`names the signed PDF it e-mails "${signedFile}" when it has no title either`, () => {
      expect(signedAttachmentName({ ...unnamed(lang), title: "" })).toBe(signedFile);
    });

    it(`names the client "${word}" in its ${lang} document`, () => {
      const html = renderToStaticMarkup(
        createElement(ProposalDocument, {
          data: unnamed(lang),
          brand: "Avanza",
          t: proposalTranslator(lang, PROPOSAL_CATALOGUES),
        }),
      );
      expect(html).toMatch(new RegExp(`data-testid="proposal-client">${word}<`));
    });
  }
});

describe("an untitled proposal in its e-mails", () => {
  const subjectsOf = (data: ReturnType<typeof unnamed>) => {
    const token = "t".repeat(43);
    const signed = {
      data,
      token,
      signer: { fullName: "Ana Ruiz", role: "CEO", company: "Clínica Sonrisa" },
      signedAt: new Date("2026-12-01T10:00:00Z"),
      contentSha256: "a".repeat(64),
    };
    const mails = [
      buildProposalEmail({ data, token, to: "c@example.com", validUntil: new Date("2026-12-31") }),
      buildReminderEmail({ data, token, to: "c@example.com", expiresAt: new Date("2026-12-31") }),
      buildSignedClientEmail({ ...signed, to: "c@example.com" }),
      buildSignedStaffEmail({ ...signed, to: "sales@example.com" }),
    ];
    return [defaultProposalSubject(data), ...mails.map((mail) => mail.subject)];
  };

  it("is named by its client, as its PDF and attachment are, in every subject", () => {
    for (const lang of ["es", "en"] as const) {
      const base = unnamed(lang);
      const data = { ...base, title: "", client: { ...base.client, name: "Clínica Sonrisa" } };
      for (const subject of subjectsOf(data)) {
        expect(subject).toContain("Clínica Sonrisa");
        expect(subject).not.toMatch(/: (Propuesta|Proposal)$|“(Propuesta|Proposal)”|«Propuesta»/);
      }
    }
  });

  it("names its client once in the team's notice, in the reader's language", () => {
    const base = unnamed("es");
    const data = { ...base, title: "", client: { ...base.client, name: "Clínica Sonrisa" } };
    const signed = {
      data,
      token: "t".repeat(43),
      signer: { fullName: "Ana Ruiz", role: "CEO", company: "Clínica Sonrisa" },
      signedAt: new Date("2026-12-01T10:00:00Z"),
      contentSha256: "a".repeat(64),
    };
    const english = buildSignedStaffEmail({ ...signed, to: "sales@example.com", lang: "en" });
    expect(english.subject).toBe("Clínica Sonrisa signed their proposal");
    expect(english.text).toContain(
      "Ana Ruiz (CEO, Clínica Sonrisa) signed the proposal. The lead moved to Won.",
    );
    const spanish = buildSignedStaffEmail({ ...signed, to: "ventas@example.com" });
    expect(spanish.subject).toBe("Clínica Sonrisa firmó su propuesta");
    expect(spanish.text).toContain(
      "Ana Ruiz (CEO, Clínica Sonrisa) firmó la propuesta. El lead pasó a Ganado.",
    );
    // A titled proposal keeps its title in both.
    const titled = buildSignedStaffEmail({
      ...signed,
      data: { ...data, title: "Piloto de atención" },
      to: "ventas@example.com",
    });
    expect(titled.subject).toBe("Clínica Sonrisa firmó la propuesta «Piloto de atención»");
  });

  it("the team's alert that an untitled proposal was opened names its client once", () => {
    const untitled = { to: "sales@example.com", proposalId: "p-1", client: "Clínica Sonrisa" };
    const english = buildProposalOpenedAlert({ ...untitled, lang: "en" });
    expect(english.subject).toBe("Clínica Sonrisa opened their proposal");
    expect(english.text).toContain(
      "Clínica Sonrisa has just opened their proposal for the first time.",
    );
    const spanish = buildProposalOpenedAlert({ ...untitled, lang: "es" });
    expect(spanish.subject).toBe("Clínica Sonrisa abrió su propuesta");
    expect(spanish.text).toContain("Clínica Sonrisa acaba de abrir su propuesta por primera vez.");
    // A titled proposal keeps its title.
    const titled = buildProposalOpenedAlert({ ...untitled, lang: "es", title: "Piloto" });
    expect(titled.subject).toBe("Clínica Sonrisa abrió tu propuesta «Piloto»");
  });

  it("without a client name either, is the proposal language's word for the client", () => {
    for (const { lang, word } of cases)
      for (const subject of subjectsOf({ ...unnamed(lang), title: "" }))
        expect(subject).toContain(word);
  });
});
