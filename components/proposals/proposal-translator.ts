import { createTranslator } from "next-intl";
import type en from "@/messages/en.json";
import type { ProposalLang } from "@/lib/proposals/proposal.schema";

export type ProposalMessages = (typeof en)["Proposal"];
export type ProposalCatalogues = Record<ProposalLang, ProposalMessages>;

/** The viewer switches language in place, so it carries both catalogues and builds a translator per language. */
export function proposalTranslator(lang: ProposalLang, catalogues: ProposalCatalogues) {
  return createTranslator({
    locale: lang,
    messages: { Proposal: catalogues[lang] },
    namespace: "Proposal",
  });
}
export type ProposalT = ReturnType<typeof proposalTranslator>;
