import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { DocumentLang } from "@/components/proposals/document-lang";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { proposalTranslator } from "@/components/proposals/proposal-translator";
import { VerifyForm } from "@/components/proposals/verify-form";
import { signingCertificate } from "@/lib/proposals/pdf-signature";
import { visitorLang } from "@/lib/proposals/proposal-link.service";
import { site } from "@/lib/site";

async function langOf(searchParams: PageProps<"/proposals/verify">["searchParams"]) {
  const asked = (await searchParams).lang;
  return visitorLang(
    typeof asked === "string" ? asked : null,
    (await headers()).get("accept-language"),
  );
}

export async function generateMetadata({
  searchParams,
}: PageProps<"/proposals/verify">): Promise<Metadata> {
  const t = proposalTranslator(await langOf(searchParams), PROPOSAL_CATALOGUES);
  return { title: t("verify.metaTitle", { brand: site.name }) };
}

/** Anyone holding a signed proposal's PDF can check here that we sealed it and that it is unchanged. */
export default async function VerifyPage({ searchParams }: PageProps<"/proposals/verify">) {
  const lang = await langOf(searchParams);
  const t = proposalTranslator(lang, PROPOSAL_CATALOGUES);
  const other = lang === "es" ? "en" : "es";
  const certificate = await signingCertificate();
  return (
    <main lang={lang} className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <DocumentLang lang={lang} />
      <nav className="flex justify-between text-sm">
        <Link href={lang === "en" ? "/en" : "/"} className="font-semibold">
          {site.name}
        </Link>
        <Link
          href={`/proposals/verify?lang=${other}`}
          hrefLang={other}
          lang={other}
          className="text-highlight underline underline-offset-4"
        >
          {t("verify.otherLanguage")}
        </Link>
      </nav>
      <h1 className="font-display text-3xl font-semibold">{t("verify.title")}</h1>
      <p className="text-muted">{t("verify.intro")}</p>
      <VerifyForm lang={lang} catalogues={PROPOSAL_CATALOGUES} />
      <section aria-labelledby="signing-certificate" className="space-y-3 border-t pt-6">
        <h2 id="signing-certificate" className="font-display text-xl font-semibold">
          {t("verify.certTitle")}
        </h2>
        <p className="text-sm text-muted">{t("verify.certIntro")}</p>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-semibold">{t("verify.certSubject")}</dt>
            <dd>{certificate.subject}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("verify.certFingerprint")}</dt>
            <dd data-testid="certificate-fingerprint" className="font-mono break-all">
              {certificate.fingerprintSha256.toUpperCase().match(/.{2}/g)!.join(":")}
            </dd>
          </div>
        </dl>
        {certificate.source === "self-signed" && (
          <p className="text-sm text-muted">{t("verify.certSelfSigned")}</p>
        )}
      </section>
    </main>
  );
}
