"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { LeadDetailDto } from "@/lib/crm/crm.schema";
import { crmApi } from "./crm-api";
import { setCachedLeadDetail } from "./crm-queries";

/**
 * The day a deal is expected to close, as the forecast reads it (docs/product.md#forecast). Self-contained:
 * give it the lead; it saves through PATCH /api/crm/leads/{id} and updates the cached lead. Empty means the
 * forecast's default (the proposal's expiry, else the stage's usual time). Open deals only: Won and Lost have
 * closed.
 */
export function ExpectedCloseField({
  lead,
  onSaved,
}: {
  lead: Pick<LeadDetailDto, "id" | "stage" | "expected_close">;
  onSaved?: (lead: LeadDetailDto) => void;
}) {
  const t = useTranslations("Crm.ExpectedClose");
  const inputId = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState(lead.expected_close ?? "");
  const save = useMutation({
    mutationFn: (day: string | null) => crmApi.setExpectedClose(lead.id, day),
    onSuccess: (saved) => {
      setCachedLeadDetail(client, saved);
      void client.invalidateQueries({ queryKey: ["analytics"] });
      setDraft(saved.expected_close ?? "");
      onSaved?.(saved);
    },
  });
  if (lead.stage === "Won" || lead.stage === "Lost") return null;

  const stored = lead.expected_close ?? "";
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(draft === "" ? null : draft);
  }
  return (
    <form onSubmit={submit} className="space-y-1.5" data-testid="expected-close">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {t("label")}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          type="date"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="min-w-0 rounded-lg border border-border bg-background px-3 py-2 text-sm"
        />
        <button
          type="submit"
          disabled={save.isPending || draft === stored}
          className="rounded-lg bg-foreground px-3 py-2 text-sm font-semibold text-background disabled:opacity-50"
        >
          {t("save")}
        </button>
        {stored && (
          <button
            type="button"
            disabled={save.isPending}
            onClick={() => save.mutate(null)}
            className="rounded-lg border border-border px-3 py-2 text-sm"
          >
            {t("useDefault")}
          </button>
        )}
      </div>
      <p className="text-xs text-muted" role={save.isError ? "alert" : undefined}>
        {save.isError
          ? t("failed", {
              reason: save.error instanceof Error ? save.error.message : String(save.error),
            })
          : stored
            ? t("setByHand")
            : t("defaulted")}
      </p>
    </form>
  );
}
