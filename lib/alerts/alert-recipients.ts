import "server-only";
import { serverEnv } from "@/lib/env";
import { site } from "@/lib/site";

export interface AlertRecipient {
  email: string;
  lang: "es" | "en";
}

/**
 * Who is told when a lead arrives or a proposal is opened or signed. Until named staff accounts
 * exist there is no lead owner or proposal author to ask, so it is the team's SALES_NOTIFY_EMAIL
 * (else the brand's contact address), written in Spanish, the business's first language; this is
 * the one function to switch to the owner's and author's own addresses and languages.
 */
export function alertRecipients(about: {
  leadId?: string | null;
  proposalId?: string;
}): AlertRecipient[] {
  void about;
  return [{ email: serverEnv().SALES_NOTIFY_EMAIL ?? site.contactEmail, lang: "es" }];
}
