import Link from "next/link";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { proposalTranslator } from "@/components/proposals/proposal-translator";
import type { ProposalLang } from "@/lib/proposals/proposal.schema";

/**
 * What a client link that does not open shows (unknown, malformed, draft and withdrawn alike); `message`
 * is the service's own wording (linkNotFoundText), the one its API answers with too.
 */
export function ClientLinkNotFoundContent({
  lang,
  message,
}: {
  lang: ProposalLang;
  message: string;
}) {
  const t = proposalTranslator(lang, PROPOSAL_CATALOGUES);
  return (
    <main
      lang={lang}
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="font-display text-2xl font-semibold">{t("publicNotFound")}</h1>
      <p className="text-muted" data-testid="proposal-not-found">
        {message}
      </p>
      <Link
        href={lang === "en" ? "/en" : "/"}
        className="rounded-full bg-foreground px-5 py-2 font-semibold text-background"
      >
        {t("backHome")}
      </Link>
    </main>
  );
}

/** The 404 document's title for a client link. */
export function clientLinkNotFoundTitle(lang: ProposalLang, brand: string): string {
  return `${proposalTranslator(lang, PROPOSAL_CATALOGUES)("publicNotFound")} · ${brand}`;
}
