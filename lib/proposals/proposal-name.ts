import "server-only";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { clientNameOf, proposalNameOf } from "./client-name";

// A proposal named in a sentence written for someone (a notification, an alert e-mail) in that
// person's language: an unnamed client is "Client" to an English reader and "Cliente" to a Spanish one,
// whatever language the proposal itself is in.

type ReaderLang = "es" | "en";
type Named = { title?: string; client?: { name?: string } };

const UNNAMED_CLIENT: Record<ReaderLang, string> = {
  es: es.Proposal.unnamedClient,
  en: en.Proposal.unnamedClient,
};

/** The client's name, or the reader's word for "client". */
export const clientNameIn = (data: Named, lang: ReaderLang) =>
  clientNameOf(data, UNNAMED_CLIENT[lang]);

/** The proposal's title, else its client's name, else the reader's word for "client". */
export const proposalNameIn = (data: Named, lang: ReaderLang) =>
  proposalNameOf(data, UNNAMED_CLIENT[lang]);

/**
 * The proposal's title or client's name for a stored record read later in any language (a timeline
 * entry); empty when it has neither, and the record then says "a proposal".
 */
export const storedProposalName = (data: Named) => proposalNameOf(data, "");
