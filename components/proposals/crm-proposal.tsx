"use client";

import { useEffect, useState } from "react";
import { useLocale } from "next-intl";
import type { ProposalDto, ProposalLang } from "@/lib/proposals/proposal.schema";
import { proposalTranslator, type ProposalCatalogues } from "./proposal-translator";
import { ProposalViewer } from "./proposal-viewer";

type LoadState =
  { kind: "loading" } | { kind: "error" } | { kind: "loaded"; proposal: ProposalDto };

/** `/proposal/db/{id}`: a stored proposal as staff see it, with its status and client link. Not a client view. */
export function CrmProposal({
  id,
  brand,
  phoneHref,
  catalogues,
}: {
  id: string;
  brand: string;
  phoneHref: string;
  catalogues: ProposalCatalogues;
}) {
  const staffLocale = useLocale() as ProposalLang;
  const [state, setState] = useState<LoadState>({ kind: "loading" });

  useEffect(() => {
    let isCurrent = true;
    fetch(`/api/crm/proposals/${encodeURIComponent(id)}`, { cache: "no-store" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { data: ProposalDto };
        if (isCurrent) setState({ kind: "loaded", proposal: body.data });
      })
      .catch(() => isCurrent && setState({ kind: "error" }));
    return () => {
      isCurrent = false;
    };
  }, [id]);

  const t = proposalTranslator(staffLocale, catalogues);
  if (state.kind === "loading")
    return (
      <p role="status" className="p-8 text-center">
        {t("crmLoading")}
      </p>
    );
  if (state.kind === "error")
    return (
      <p role="alert" className="p-8 text-center font-semibold text-red-700 dark:text-red-400">
        {t("crmLoadError")}
      </p>
    );

  const { proposal } = state;
  return (
    <ProposalViewer
      brand={brand}
      phoneHref={phoneHref}
      catalogues={catalogues}
      documents={{ [proposal.data.lang]: proposal.data }}
      signatureMode={{ kind: "preview" }}
      initialSignature={proposal.signature}
      hasStaffActions
      storedId={proposal.id}
      draftMeta={{ storedId: proposal.id, leadId: proposal.lead_id ?? undefined }}
      banner={
        <aside
          aria-label={t("staff.clientLink")}
          className="mx-auto mb-4 max-w-4xl space-y-2 rounded-xl border border-border bg-background p-4 text-sm print:hidden"
          data-proposal-actions
        >
          <p>
            <span className="font-semibold">{t("status.label")}:</span>{" "}
            <span data-testid="proposal-status">{t(`status.${proposal.status}`)}</span>
          </p>
          <p className="break-all">
            <span className="font-semibold">{t("staff.clientLink")}:</span>{" "}
            <a
              className="text-highlight underline underline-offset-4"
              href={`/proposals/ai-generated/${proposal.token}`}
            >
              {proposal.url}
            </a>
          </p>
          <p className="text-muted">{t("staff.previewNote")}</p>
        </aside>
      }
    />
  );
}
