"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { showToast } from "@/components/ui/toast";
import { LEAD_STAGES, type LeadStage } from "@/lib/crm/crm.schema";
import type { TLostMove } from "@/lib/crm/lost-reasons";
import { useCrmPeople } from "./crm-people";
import { useBulkUpdateLeads } from "./crm-queries";
import { LostReasonDialog } from "./lost-reason-dialog";

const NOBODY = "nobody";

/**
 * A manager's changes to the selected leads: give them all to one person, or move them all to one
 * stage, in one call (the server notes each change on each lead and tells the new owner).
 */
export function BulkLeadBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const t = useTranslations("BulkLeads");
  const tCrm = useTranslations("Crm");
  const { directory } = useCrmPeople();
  const [owner, setOwner] = useState("");
  const [stage, setStage] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Lost asks why first, once for the whole selection (the server refuses it without a reason).
  const [isAskingWhy, setIsAskingWhy] = useState(false);
  const bulk = useBulkUpdateLeads();

  function apply(change: { owner_id?: string | null; stage?: LeadStage } & Partial<TLostMove>) {
    setError(null);
    bulk.mutate(
      { ids, ...change },
      {
        onSuccess: ({ updated }) => {
          showToast(t("done", { count: updated }));
          setOwner("");
          setStage("");
          onDone();
        },
        onError: (failure) =>
          setError(
            t("failed", { reason: failure instanceof Error ? failure.message : String(failure) }),
          ),
      },
    );
  }

  const control = "min-w-0 rounded-lg border border-border bg-background px-3 py-2 text-sm";
  return (
    <div
      role="region"
      aria-label={t("selected", { count: ids.length })}
      className="flex flex-wrap items-center gap-2 border-b border-border bg-surface px-4 py-3"
      data-testid="bulk-bar"
    >
      <p className="w-full text-sm font-semibold sm:w-auto" aria-live="polite">
        {t("selected", { count: ids.length })}
      </p>
      <div className="flex w-full min-w-0 gap-2 sm:w-auto">
        <label htmlFor="bulk-owner" className="sr-only">
          {t("assign")}
        </label>
        <select
          id="bulk-owner"
          value={owner}
          onChange={(event) => setOwner(event.target.value)}
          className={`${control} flex-1 sm:w-44`}
        >
          <option value="">{t("assign")}</option>
          <option value={NOBODY}>{t("unassigned")}</option>
          {directory.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={!owner || bulk.isPending}
          onClick={() => apply({ owner_id: owner === NOBODY ? null : owner })}
          className="shrink-0 rounded-lg bg-foreground px-3 py-2 text-sm font-semibold text-background disabled:opacity-50"
          data-testid="bulk-assign"
        >
          {t("apply")}
        </button>
      </div>
      <div className="flex w-full min-w-0 gap-2 sm:w-auto">
        <label htmlFor="bulk-stage" className="sr-only">
          {t("move")}
        </label>
        <select
          id="bulk-stage"
          value={stage}
          onChange={(event) => setStage(event.target.value)}
          className={`${control} flex-1 sm:w-44`}
        >
          <option value="">{t("move")}</option>
          {LEAD_STAGES.map((option) => (
            <option key={option} value={option}>
              {tCrm(`stages.${option}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={!stage || bulk.isPending}
          onClick={() =>
            stage === "Lost" ? setIsAskingWhy(true) : apply({ stage: stage as LeadStage })
          }
          className="shrink-0 rounded-lg bg-foreground px-3 py-2 text-sm font-semibold text-background disabled:opacity-50"
          data-testid="bulk-move"
        >
          {t("apply")}
        </button>
      </div>
      <button
        type="button"
        onClick={onDone}
        className="text-sm text-muted underline-offset-4 hover:underline"
      >
        {t("clear")}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-accent-text">
          {error}
        </p>
      )}
      {isAskingWhy && (
        <LostReasonDialog
          leadLabel={t("selected", { count: ids.length })}
          title={t("lostTitle", { count: ids.length })}
          onConfirm={(lost) => apply({ stage: "Lost", ...lost })}
          onClose={() => setIsAskingWhy(false)}
        />
      )}
    </div>
  );
}
