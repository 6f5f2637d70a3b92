import Link from "next/link";
import { headers } from "next/headers";
import { DocumentLang } from "@/components/proposals/document-lang";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { proposalTranslator } from "@/components/proposals/proposal-translator";
import { linkNotFoundText, visitorLang } from "@/lib/proposals/proposal-link.service";

/** One 404 for every client link that does not open, in the visitor's language. */
export default async function ClientLinkNotFound() {
  const lang = visitorLang(null, (await headers()).get("accept-language"));
  const t = proposalTranslator(lang, PROPOSAL_CATALOGUES);
  return (
    <main
      lang={lang}
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <DocumentLang lang={lang} />
      <h1 className="font-display text-2xl font-semibold">{t("publicNotFound")}</h1>
      <p className="text-muted" data-testid="proposal-not-found">
        {linkNotFoundText(lang)}
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
