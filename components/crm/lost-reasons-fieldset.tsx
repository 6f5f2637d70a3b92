"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import {
  MAX_LOST_REASON_CHARS,
  MAX_LOST_REASONS,
  isBuiltInLostReason,
} from "@/lib/crm/lost-reasons";
import { useLostReasonLabel } from "./lost-reason-label";

/**
 * The lost reasons managers offer: built-in ones show translated and can only be removed; their own are
 * typed text (docs/decisions/020-lost-reasons-and-channels.md). Part of the CRM settings form.
 */
export function LostReasonsFieldset({
  reasons,
  onChange,
}: {
  reasons: string[];
  onChange: (reasons: string[]) => void;
}) {
  const t = useTranslations("Crm.LostReasons.settings");
  const label = useLostReasonLabel();
  const [added, setAdded] = useState("");
  const [error, setError] = useState<string | null>(null);

  function add() {
    const reason = added.trim();
    if (!reason) return;
    if (reasons.some((existing) => existing.toLowerCase() === reason.toLowerCase()))
      return setError(t("duplicate"));
    onChange([...reasons, reason]);
    setAdded("");
    setError(null);
  }

  return (
    <fieldset className="w-full">
      <legend className="mb-2 text-sm font-semibold">{t("title")}</legend>
      <p className="mb-2 text-xs text-muted">{t("description")}</p>
      <ul className="mb-2 flex flex-wrap gap-2" aria-label={t("listLabel")}>
        {reasons.map((reason) => (
          <li
            key={reason}
            className="flex items-center gap-1 rounded-full border border-border py-0.5 pr-1 pl-3 text-sm"
          >
            <span className="break-all">{label(reason)}</span>
            {!isBuiltInLostReason(reason) && <span className="text-xs text-muted">{t("own")}</span>}
            <button
              type="button"
              disabled={reasons.length <= 1}
              onClick={() => onChange(reasons.filter((other) => other !== reason))}
              aria-label={t("remove", { reason: label(reason) })}
              className="rounded-full px-2 text-muted hover:text-foreground disabled:opacity-40"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-full max-w-xs">
          <label htmlFor="lost-reason-new" className="mb-1 block text-xs font-medium">
            {t("addLabel")}
          </label>
          <input
            id="lost-reason-new"
            value={added}
            maxLength={MAX_LOST_REASON_CHARS}
            onChange={(event) => setAdded(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }}
            className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
          />
        </div>
        <button
          type="button"
          onClick={add}
          disabled={reasons.length >= MAX_LOST_REASONS}
          className="rounded-lg border border-border px-3 py-2 text-sm font-medium disabled:opacity-60"
        >
          {t("add")}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-accent-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
