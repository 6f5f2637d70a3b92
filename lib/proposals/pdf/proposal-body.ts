import "server-only";
import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { clientNameOf, proposalNameOf } from "../client-name";
import type { ComparisonRow, ProposalData, ProposalLang } from "../proposal.schema";
import { COLORS, type TaggedPdf } from "./tagged-pdf";

// The proposal's sections in the order and shape of the web page (components/proposals/proposal-document.tsx).

const CATALOGUES = {
  es: { Proposal: es.Proposal, ProposalCertificate: es.ProposalCertificate },
  en: { Proposal: en.Proposal, ProposalCertificate: en.ProposalCertificate },
} as const;

export const proposalTranslator = (lang: ProposalLang) =>
  createTranslator({ locale: lang, messages: CATALOGUES[lang], namespace: "Proposal" });
export const certificateTranslator = (lang: ProposalLang) =>
  createTranslator({ locale: lang, messages: CATALOGUES[lang], namespace: "ProposalCertificate" });

type ProposalT = ReturnType<typeof proposalTranslator>;
type Struct = PDFKit.PDFStructureElement;

/** "USD" + "24,000" → "USD 24,000", as the web page writes amounts. */
const money = (currency: string, amount: string) =>
  [currency.trim(), amount.trim()].filter(Boolean).join(" ");

/** The document's name: its title, else its client's name (in the document's language when unnamed). */
export const proposalTitleOf = (data: ProposalData, t: ProposalT) =>
  proposalNameOf(data, t("unnamedClient"));

function writeHeader(pdf: TaggedPdf, data: ProposalData, brand: string, t: ProposalT, at: Struct) {
  const header = pdf.group("Div", at);
  pdf.paragraph(t("documentLabel").toUpperCase(), header, {
    size: 9,
    isBold: true,
    color: COLORS.accentText,
    gap: 4,
  });
  pdf.heading(1, proposalTitleOf(data, t), header);
  pdf.paragraph(t("preparedBy", { brand }), header, { size: 9, color: COLORS.muted, gap: 8 });
  pdf.paragraph(t("preparedFor"), header, { size: 9, color: COLORS.muted, gap: 1 });
  pdf.paragraph(clientNameOf(data, t("unnamedClient")), header, { size: 12, isBold: true, gap: 1 });
  const place = [data.client.industry, data.client.country].filter(Boolean).join(" · ");
  if (place) pdf.paragraph(place, header, { size: 9, gap: 1 });
  header.end();
}

function comparisonTable(
  pdf: TaggedPdf,
  rows: ComparisonRow[],
  column: "agent" | "mvp",
  t: ProposalT,
  at: Struct,
) {
  pdf.table(
    {
      head: [t("table.metric"), t("table.baseline"), t(`table.${column}`), t("table.delta")],
      rows: rows.map((row) => [
        row.metric,
        row.baseline,
        row[column] ?? row.agent ?? row.mvp ?? "",
        { text: row.delta, isBold: true, color: COLORS.highlight },
      ]),
      hasRowHeaders: true,
      widths: ["*", "*", "*", 80],
    },
    at,
  );
}

function amountTable(
  pdf: TaggedPdf,
  caption: string,
  rows: { label: string; amount: string }[],
  currency: string,
  t: ProposalT,
  at: Struct,
  total?: { label: string; amount: string },
) {
  pdf.heading(3, caption, at);
  pdf.table(
    {
      head: [t("table.concept"), t("table.amount")],
      rows: [
        ...rows.map((row) => [row.label, money(currency, row.amount)]),
        // The total keeps its label: never a lone "USD 37,000".
        ...(total
          ? [
              [
                { text: total.label, isHeader: true },
                { text: money(currency, total.amount), isBold: true },
              ],
            ]
          : []),
      ],
      widths: ["*", 130],
      rightColumns: [1],
    },
    at,
  );
}

/** Every section of the proposal, each a tagged Sect with its H2. */
export function writeProposalBody(
  pdf: TaggedPdf,
  data: ProposalData,
  { brand, lang }: { brand: string; lang: ProposalLang },
): Struct {
  const t = proposalTranslator(lang);
  const article = pdf.group("Art");
  writeHeader(pdf, data, brand, t, article);
  const section = (title: string, write: (at: Struct) => void) => {
    const at = pdf.group("Sect", article);
    pdf.heading(2, title, at);
    write(at);
    at.end();
  };

  if (data.kpis.length) section(t("sections.kpis"), (at) => pdf.list(data.kpis, at));
  if (data.comparison.length)
    section(t("sections.comparison"), (at) =>
      comparisonTable(pdf, data.comparison, "agent", t, at),
    );
  const { mvp } = data;
  if (mvp)
    section(t("sections.mvp"), (at) => {
      if (mvp.timeline.length) {
        pdf.heading(3, t("sections.mvpTimeline"), at);
        pdf.steps(
          mvp.timeline.map((step) => ({ title: step.t, detail: step.d })),
          at,
        );
      }
      if (mvp.scope.length) {
        pdf.heading(3, t("sections.mvpScope"), at);
        pdf.list(mvp.scope, at);
      }
      if (mvp.comparison.length) {
        pdf.heading(3, t("sections.mvpComparison"), at);
        comparisonTable(pdf, mvp.comparison, "mvp", t, at);
      }
    });
  const { investment } = data;
  section(t("sections.investment"), (at) => {
    if (investment.items.length)
      amountTable(
        pdf,
        t("investment.initial"),
        investment.items,
        investment.currency,
        t,
        at,
        investment.subtotal
          ? { label: t("investment.subtotal"), amount: investment.subtotal }
          : undefined,
      );
    if (investment.monthly.length)
      amountTable(pdf, t("investment.monthly"), investment.monthly, investment.currency, t, at);
    if (investment.notes.length) {
      pdf.heading(3, t("investment.notes"), at);
      pdf.list(investment.notes, at);
    }
    if (investment.totalNotice) pdf.paragraph(investment.totalNotice, at, { isBold: true });
  });
  if (data.timeline.length)
    section(t("sections.timeline"), (at) =>
      pdf.steps(
        data.timeline.map((phase) => ({
          title: [phase.phase, phase.duration].filter(Boolean).join(" · "),
          bullets: phase.activities,
        })),
        at,
      ),
    );
  if (data.terms.length)
    section(t("sections.terms"), (at) => pdf.list(data.terms, at, { isNumbered: true }));
  if (data.legend.length)
    section(t("sections.legend"), (at) =>
      pdf.table(
        {
          head: [t("table.acronym"), t("table.meaning")],
          rows: data.legend.map((entry) => [entry.a, entry.d]),
          hasRowHeaders: true,
          widths: [110, "*"],
        },
        at,
      ),
    );
  return article;
}

/** The acceptance section of an unsigned copy: what the page's signing form asks, as lines to fill in. */
export function writeBlankSignature(
  pdf: TaggedPdf,
  article: Struct,
  { lang, brand, notice }: { lang: ProposalLang; brand: string; notice?: string },
) {
  const t = proposalTranslator(lang);
  const at = pdf.group("Sect", article);
  pdf.heading(2, t("sections.signature"), at);
  if (notice) pdf.paragraph(notice, at, { gap: 8 });
  pdf.paragraph(t("signature.intro"), at);
  pdf.paragraph(t("pdf.signatureIntro"), at, { size: 9, color: COLORS.muted });
  for (const label of [
    t("signature.fullName"),
    t("signature.role"),
    t("signature.company"),
    t("signature.date"),
    t("pdf.signatureLine"),
  ])
    pdf.writingLine(at, label);
  pdf.gap(10);
  pdf.paragraph(t("pdf.unsignedNote", { brand }), at, { size: 8, color: COLORS.muted });
  at.end();
}
