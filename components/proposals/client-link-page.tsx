import type { ReactNode } from "react";
import { clientNameOf } from "@/lib/proposals/client-name";
import type { ClientLinkView } from "@/lib/proposals/client-link-view";
import type { PaymentSchedule } from "@/lib/proposals/payment-schedule";
import type { ProposalLang, SignatureDto } from "@/lib/proposals/proposal.schema";
import { ActionsBar } from "./actions-bar";
import { ChangedNotice } from "./changed-notice";
import { ClientLinkActions } from "./client-link-actions";
import { ClientSigningForm } from "./client-signing-form";
import { PROPOSAL_CATALOGUES } from "./proposal-catalogues";
import { ProposalDocument } from "./proposal-document";
import { proposalTranslator, type ProposalT } from "./proposal-translator";
import { SignedSignature } from "./signed-signature";
import "./proposal-print.css";

interface ClientLinkPageProps {
  token: string;
  view: ClientLinkView;
  brand: string;
  phoneHref: string;
  /** The business time zone, in which dates are shown. */
  timeZone: string;
  verifyHref: string;
}

function formatMoney(lang: ProposalLang, currency: string, amount: number): string {
  try {
    return new Intl.NumberFormat(lang, { style: "currency", currency }).format(amount);
  } catch {
    // A currency written in the proposal that is not an ISO code ("RD$").
    return `${currency} ${new Intl.NumberFormat(lang, { minimumFractionDigits: 2 }).format(amount)}`;
  }
}

/** Only the proposal's languages, as links: the server renders the other one, `<html lang>` included. */
function LanguageLinks({
  t,
  current,
  languages,
}: {
  t: ProposalT;
  current: ProposalLang;
  languages: ProposalLang[];
}) {
  if (languages.length < 2) return null;
  return (
    <div
      role="group"
      aria-label={t("actions.languageLabel")}
      className="flex rounded-full border border-border p-0.5 text-xs font-semibold"
    >
      {languages.map((code) => (
        <a
          key={code}
          href={`?lang=${code}`}
          lang={code}
          hrefLang={code}
          aria-current={code === current ? "true" : undefined}
          className="rounded-full px-2.5 py-1.5 text-muted aria-[current=true]:bg-foreground aria-[current=true]:text-background"
        >
          {code.toUpperCase()}
        </a>
      ))}
    </div>
  );
}

/** The schedule agreed in the proposal and the business's way to pay, behind "Proceed with payment". */
function PaymentPanel({
  t,
  lang,
  schedule,
  way,
}: {
  t: ProposalT;
  lang: ProposalLang;
  schedule: PaymentSchedule | null;
  way: NonNullable<ClientLinkView["paymentWay"]>;
}) {
  const money = (amount: number) => formatMoney(lang, schedule?.currency ?? "USD", amount);
  return (
    <details className="group mt-4" data-testid="payment">
      <summary className="inline-flex cursor-pointer list-none rounded-full bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-700 [&::-webkit-details-marker]:hidden">
        {t("payment.open")}
      </summary>
      <section
        aria-labelledby="payment-title"
        className="mt-4 rounded-xl bg-white p-4 text-ink-900 ring-1 ring-mist-200"
      >
        <h2 id="payment-title" className="font-display text-lg font-semibold">
          {t("payment.title")}
        </h2>
        {schedule ? (
          <>
            <p className="mt-2 text-sm text-ink-700">
              {t("payment.intro", { terms: schedule.source })}
            </p>
            <table className="proposal-stack mt-3 w-full border-collapse text-sm">
              <thead>
                <tr>
                  <th scope="col" className="border-b border-mist-200 px-3 py-2 text-left">
                    {t("payment.milestone")}
                  </th>
                  <th scope="col" className="border-b border-mist-200 px-3 py-2 text-right">
                    {t("payment.share")}
                  </th>
                  <th scope="col" className="border-b border-mist-200 px-3 py-2 text-right">
                    {t("payment.amount")}
                  </th>
                  <th scope="col" className="border-b border-mist-200 px-3 py-2 text-left">
                    {t("payment.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {schedule.milestones.map((milestone, index) => (
                  <tr
                    key={index}
                    className={milestone.isDueNow ? "bg-mist-50 font-semibold" : undefined}
                    data-testid={milestone.isDueNow ? "payment-due-now" : undefined}
                  >
                    <th
                      scope="row"
                      className="border-b border-mist-200 px-3 py-2 text-left first-letter:uppercase"
                    >
                      {milestone.label}
                    </th>
                    <td
                      data-label={t("payment.share")}
                      className="border-b border-mist-200 px-3 py-2 text-right tabular-nums"
                    >
                      {new Intl.NumberFormat(lang, { style: "percent" }).format(
                        milestone.percent / 100,
                      )}
                    </td>
                    <td
                      data-label={t("payment.amount")}
                      className="border-b border-mist-200 px-3 py-2 text-right whitespace-nowrap tabular-nums"
                    >
                      {milestone.amount === null
                        ? t("payment.unreadable")
                        : money(milestone.amount)}
                    </td>
                    <td
                      data-label={t("payment.status")}
                      className="border-b border-mist-200 px-3 py-2"
                    >
                      {milestone.isDueNow ? t("payment.dueNow") : t("payment.later")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {schedule.monthly > 0 && (
              <p className="mt-3 text-sm">
                {t("payment.monthly", { amount: money(schedule.monthly) })}
              </p>
            )}
          </>
        ) : (
          <p className="mt-2 text-sm">{t("payment.none")}</p>
        )}
        <h3 className="mt-4 font-semibold">{t("payment.howToPay")}</h3>
        {way.instructions && (
          <p className="mt-1 text-sm whitespace-pre-line" data-testid="payment-instructions">
            {way.instructions}
          </p>
        )}
        {way.url && (
          <a
            href={way.url}
            rel="noopener noreferrer"
            className="mt-3 inline-flex rounded-full bg-accent px-4 py-2 text-sm font-semibold text-on-accent hover:brightness-110"
          >
            {t("payment.payOnline")}
          </a>
        )}
      </section>
    </details>
  );
}

/** At the top of a signed proposal: who signed and when, the document's fingerprint and where to verify it. */
function SignedBanner({
  t,
  signature,
  signedAt,
  sealedPdfHref,
  verifyHref,
  children,
}: {
  t: ProposalT;
  signature: SignatureDto;
  signedAt: string;
  sealedPdfHref: string;
  verifyHref: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="signed-banner-title"
      className="mx-auto mb-6 max-w-4xl rounded-2xl border border-cyan-700 bg-white p-4 text-ink-900 sm:p-6 print:hidden"
      data-testid="signed-banner"
    >
      <h2 id="signed-banner-title" className="font-display text-xl font-semibold">
        {t("signed.banner", { name: signature.full_name, date: signedAt })}
      </h2>
      <p className="mt-2 text-xs break-all text-ink-500" data-testid="signed-fingerprint">
        {t("signed.fingerprint", { hash: signature.content_sha256 })}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={sealedPdfHref}
          download
          className="rounded-full bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-700"
          data-testid="banner-signed-pdf"
        >
          {t("signedPdf")}
        </a>
        <a
          href={verifyHref}
          className="rounded-full border border-mist-300 px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-mist-100"
        >
          {t("signed.verify")}
        </a>
      </div>
      {children}
    </section>
  );
}

/**
 * `/proposals/ai-generated/{token}`, rendered on the server in the proposal's language: the document,
 * its validity, and either the signing form or, once signed, the banner, the sealed PDF and payment.
 */
export function ClientLinkPage({
  token,
  view,
  brand,
  phoneHref,
  timeZone,
  verifyHref,
}: ClientLinkPageProps) {
  const { proposal, lang } = view;
  const data = proposal.proposal_data;
  const catalogue = PROPOSAL_CATALOGUES[lang];
  const t = proposalTranslator(lang, PROPOSAL_CATALOGUES);
  const client = clientNameOf(data, t("unnamedClient"));
  const signature = proposal.signature ?? null;
  const isExpired = proposal.status === "expired";
  const sealedPdfHref = `/api/ai/proposals/${encodeURIComponent(token)}/signed.pdf`;
  const formatDate = (iso: string, withTime = false) =>
    new Intl.DateTimeFormat(lang, {
      dateStyle: "long",
      ...(withTime ? { timeStyle: "short" as const } : {}),
      timeZone,
    }).format(new Date(iso));

  const notice = signature ? null : isExpired ? (
    <p
      role="alert"
      className="mt-10 rounded-xl border border-orange-500 bg-mist-50 p-4 font-semibold"
      data-testid="proposal-validity"
    >
      {t("expired", { date: proposal.expires_at ? formatDate(proposal.expires_at) : "" })}
    </p>
  ) : (
    <>
      <ChangedNotice
        token={token}
        version={proposal.version}
        text={t("changedNotice", { date: formatDate(proposal.updated_at) })}
      />
      <p className="mt-10 rounded-xl bg-mist-100 p-4 text-sm" data-testid="proposal-validity">
        {proposal.expires_at
          ? t("validFor", { date: formatDate(proposal.expires_at) })
          : t("validForFromSending")}
      </p>
    </>
  );

  return (
    <div className="min-h-dvh bg-surface pb-16 print:bg-white print:pb-0">
      <ActionsBar
        brand={brand}
        label={t("actions.label")}
        menuLabel={t("actions.menu")}
        closeMenuLabel={t("actions.closeMenu")}
        toggle={<LanguageLinks t={t} current={lang} languages={proposal.languages} />}
      >
        <ClientLinkActions
          labels={{
            print: t("actions.print"),
            pdf: t("actions.pdf"),
            signedPdf: t("signedPdf"),
            agent: t("actions.agent"),
          }}
          phoneHref={phoneHref}
          signedPdfHref={signature ? sealedPdfHref : null}
          pdfHref={`/api/ai/proposals/${encodeURIComponent(token)}/proposal.pdf?lang=${lang}`}
        />
      </ActionsBar>

      <main className="px-4 pt-8 print:p-0">
        {signature && (
          <SignedBanner
            t={t}
            signature={signature}
            signedAt={formatDate(signature.signed_at, true)}
            sealedPdfHref={sealedPdfHref}
            verifyHref={verifyHref}
          >
            {view.paymentWay && (
              <PaymentPanel
                t={t}
                lang={lang}
                schedule={view.paymentSchedule}
                way={view.paymentWay}
              />
            )}
          </SignedBanner>
        )}
        <ProposalDocument data={data} brand={brand} t={t}>
          {notice}
          {signature ? (
            <SignedSignature t={t} signature={signature} />
          ) : (
            <ClientSigningForm
              token={token}
              version={proposal.version}
              contentSha256={proposal.content_sha256}
              lang={lang}
              messages={{
                signature: catalogue.signature,
                sections: { signature: catalogue.sections.signature },
              }}
              clientName={client}
              canSign={!isExpired}
            />
          )}
        </ProposalDocument>
      </main>
    </div>
  );
}
