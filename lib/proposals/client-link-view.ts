import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/http/app-error";
import { clientAddress } from "@/lib/http/client-address";
import { getStaffSession } from "@/lib/staff/staff-access.service";
import { CLIENT_LINK_LANG_HEADER } from "./client-link-gate";
import {
  paymentScheduleOf,
  paymentWayOf,
  type PaymentSchedule,
  type PaymentWay,
} from "./payment-schedule";
import { viewProposalByToken, visitorLang } from "./proposal-link.service";
import type { ProposalLang, PublicProposalDto } from "./proposal.schema";

export interface ClientLinkView {
  proposal: PublicProposalDto;
  /** The language the page shows: `proposal.proposal_data.lang`. */
  lang: ProposalLang;
  isStaffPreview: boolean;
  /** Once signed: the schedule agreed in the proposal's payment terms, when it states one. */
  paymentSchedule: PaymentSchedule | null;
  /** Once signed and only when the business configured a way to pay in this language. */
  paymentWay: PaymentWay | null;
}

const askedLangOf = (value: string | null): ProposalLang | null =>
  value === "es" || value === "en" ? value : null;

/**
 * The client link as its page renders it, read once per request (the root layout needs its language for
 * `<html lang>`, the page its content): records the client's view like the API does, in the language
 * the link asks for (`?lang=`, forwarded by proxy.ts) when the proposal has it, else its own. Null when
 * the link does not open.
 */
export const loadClientLinkView = cache(async (token: string): Promise<ClientLinkView | null> => {
  const requestHeaders = await headers();
  const isStaffPreview = (await getStaffSession()) !== null;
  let proposal: PublicProposalDto;
  try {
    proposal = await viewProposalByToken(
      token,
      {
        ipAddress: ((address) => (address === "unknown" ? null : address))(
          clientAddress(requestHeaders, serverEnv().TRUSTED_PROXY_HOPS),
        ),
        userAgent: requestHeaders.get("user-agent")?.slice(0, 500) ?? null,
        actor: null,
        actorId: null,
      },
      { isStaffPreview, lang: askedLangOf(requestHeaders.get(CLIENT_LINK_LANG_HEADER)) },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
  const lang = proposal.proposal_data.lang;
  const isSigned = Boolean(proposal.signature);
  return {
    proposal,
    lang,
    isStaffPreview,
    paymentSchedule: isSigned ? paymentScheduleOf(proposal.proposal_data) : null,
    paymentWay: isSigned ? paymentWayOf(lang, serverEnv()) : null,
  };
});

/** `<html lang>` of a client link: the page's language, or the visitor's where the link does not open. */
export async function clientLinkDocumentLang(token: string): Promise<ProposalLang> {
  const view = await loadClientLinkView(token);
  if (view) return view.lang;
  const requestHeaders = await headers();
  return visitorLang(
    requestHeaders.get(CLIENT_LINK_LANG_HEADER),
    requestHeaders.get("accept-language"),
  );
}
