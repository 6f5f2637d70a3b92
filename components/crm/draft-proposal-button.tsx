"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { DRAFT_PREFIX, saveLocalProposal } from "@/components/proposals/proposal-storage";
import { useDraftProposal } from "./crm-queries";

/**
 * Drafts a proposal from the lead's questionnaire answers (POST /api/crm/leads/{id}/proposal-draft) and
 * opens it in the builder for review; nothing is stored until the builder saves it to the CRM.
 */
export function DraftProposalButton({ leadId, className }: { leadId: string; className?: string }) {
  const t = useTranslations("ProposalBuilder.fromLead");
  const router = useRouter();
  const draftProposal = useDraftProposal(leadId);
  const [error, setError] = useState<string | null>(null);
  const isBusy = draftProposal.isPending || draftProposal.isSuccess;

  function generate() {
    setError(null);
    draftProposal.mutate(undefined, {
      onSuccess: (draft) => {
        const key = saveLocalProposal(DRAFT_PREFIX, draft.data, {
          leadId: draft.lead_id,
          translation: draft.translations[draft.data.lang === "es" ? "en" : "es"],
        });
        router.push(`/proposal/new?from=${encodeURIComponent(key)}`);
      },
      onError: (failure) =>
        setError(
          t("failed", { reason: failure instanceof Error ? failure.message : String(failure) }),
        ),
    });
  }

  return (
    <div className="space-y-1.5">
      <button
        type="button"
        onClick={generate}
        disabled={isBusy}
        className={
          className ??
          "rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-on-accent hover:brightness-110 disabled:opacity-60"
        }
      >
        {isBusy ? t("working") : t("button")}
      </button>
      {error && (
        <p role="alert" className="text-sm text-accent-text">
          {error}
        </p>
      )}
    </div>
  );
}
