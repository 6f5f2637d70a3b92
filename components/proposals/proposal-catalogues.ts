import en from "@/messages/en.json";
import es from "@/messages/es.json";
import type { ProposalCatalogues } from "./proposal-translator";

/** Both languages of the viewer's text, for server components to hand to the client viewer. */
export const PROPOSAL_CATALOGUES: ProposalCatalogues = { es: es.Proposal, en: en.Proposal };
