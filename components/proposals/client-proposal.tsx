"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import type { ProposalLang, PublicProposalDto } from "@/lib/proposals/proposal.schema";
import { proposalTranslator, type ProposalCatalogues } from "./proposal-translator";
import { ProposalViewer } from "./proposal-viewer";
import { proposalsApi } from "./proposals-api";

type LoadState =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "loaded"; proposal: PublicProposalDto; changedSinceLastVisit: boolean };

const seenKeyOf = (token: string) => `proposal-seen-version:${token}`;

/** The version this browser last showed for a link, then remembers the current one. */
function noteSeenVersion(token: string, version: number): number | null {
  try {
    const seen = Number(localStorage.getItem(seenKeyOf(token))) || null;
    localStorage.setItem(seenKeyOf(token), String(version));
    return seen;
  } catch {
    return null;
  }
}

const browserLang = (): ProposalLang =>
  typeof navigator !== "undefined" && navigator.language.toLowerCase().startsWith("en")
    ? "en"
    : "es";

/** `/proposals/ai-generated/{token}`: the client's link. Loads the latest version, says how long it is valid and whether it changed since the last visit, and lets the client sign. */
export function ClientProposal({
  token,
  brand,
  phoneHref,
  catalogues,
}: {
  token: string;
  brand: string;
  phoneHref: string;
  catalogues: ProposalCatalogues;
}) {
  const [state, setState] = useState<LoadState>({ kind: "loading" });

  const load = useCallback(
    (isCurrent: () => boolean) =>
      proposalsApi.viewByToken(token, browserLang()).then(
        (proposal) => {
          const seen = noteSeenVersion(token, proposal.version);
          if (isCurrent())
            setState({
              kind: "loaded",
              proposal,
              changedSinceLastVisit: seen !== null && seen < proposal.version,
            });
        },
        (error: unknown) =>
          isCurrent() &&
          setState({
            kind: "error",
            message: error instanceof Error ? error.message : String(error),
          }),
      ),
    [token],
  );

  useEffect(() => {
    let isCurrent = true;
    void load(() => isCurrent);
    return () => {
      isCurrent = false;
    };
  }, [load]);

  const t = proposalTranslator(
    state.kind === "loaded" ? state.proposal.proposal_data.lang : browserLang(),
    catalogues,
  );

  if (state.kind === "loading") {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4" aria-busy="true">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-mist-200 border-t-orange-500 motion-reduce:animate-none"
        />
        <p role="status">{t("publicLoading")}</p>
      </main>
    );
  }
  if (state.kind === "error") {
    return (
      <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="font-display text-2xl font-semibold">{t("publicNotFound")}</h1>
        <p className="text-muted">{state.message}</p>
        <Link
          href="/"
          className="rounded-full bg-foreground px-5 py-2 font-semibold text-background"
        >
          {t("backHome")}
        </Link>
      </main>
    );
  }

  const { proposal, changedSinceLastVisit } = state;
  const isExpired = proposal.status === "expired";
  const formatDate = (lang: "es" | "en", iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: "long" }).format(new Date(iso));
  return (
    <ProposalViewer
      brand={brand}
      phoneHref={phoneHref}
      catalogues={catalogues}
      documents={proposal.documents}
      initialLang={proposal.proposal_data.lang}
      isSingleLanguage={proposal.languages.length < 2}
      signatureMode={{
        kind: "remote",
        token,
        isExpired,
        version: proposal.version,
        onChanged: () => void load(() => true),
      }}
      initialSignature={proposal.signature ?? null}
      signedPdfHref={`/api/ai/proposals/${encodeURIComponent(token)}/signed.pdf`}
      notice={(lang) => {
        const tl = proposalTranslator(lang, catalogues);
        if (proposal.signature) return null;
        const changed = changedSinceLastVisit && (
          <p
            role="status"
            className="mt-10 rounded-xl border border-cyan-700 bg-mist-50 p-4 font-semibold"
            data-testid="proposal-changed"
          >
            {tl("changedNotice", { date: formatDate(lang, proposal.updated_at) })}
          </p>
        );
        if (isExpired) {
          return (
            <p
              role="alert"
              className="mt-10 rounded-xl border border-orange-500 bg-mist-50 p-4 font-semibold"
              data-testid="proposal-validity"
            >
              {tl("expired", {
                date: proposal.expires_at ? formatDate(lang, proposal.expires_at) : "",
              })}
            </p>
          );
        }
        return (
          <>
            {changed}
            <p className="mt-10 rounded-xl bg-mist-100 p-4 text-sm" data-testid="proposal-validity">
              {proposal.expires_at
                ? tl("validFor", { date: formatDate(lang, proposal.expires_at) })
                : tl("validForFromSending")}
            </p>
          </>
        );
      }}
    />
  );
}
