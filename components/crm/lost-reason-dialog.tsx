"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import {
  MAX_LOST_DETAIL_CHARS,
  REASON_NEEDING_DETAIL,
  type TLostMove,
} from "@/lib/crm/lost-reasons";
import { crmQueries } from "./crm-queries";
import { useLostReasonLabel } from "./lost-reason-label";

/**
 * Asks why a deal was lost before the move is sent (the server refuses a move to Lost without a reason). A
 * native modal <dialog>: focus stays inside, Escape or Cancel leaves the lead where it was.
 */
export function LostReasonDialog({
  leadLabel,
  title,
  onConfirm,
  onClose,
}: {
  leadLabel: string;
  /** The question for several leads at once (the bulk bar); one lead's is built from `leadLabel`. */
  title?: string;
  onConfirm: (lost: TLostMove) => void;
  /** After confirming or cancelling: the dialog has closed. */
  onClose: () => void;
}) {
  const t = useTranslations("Crm.LostReasons.dialog");
  const label = useLostReasonLabel();
  const dialog = useRef<HTMLDialogElement>(null);
  const settings = useQuery(crmQueries.settings());
  const [reason, setReason] = useState<string | null>(null);
  const [detail, setDetail] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError(t("chooseReason"));
    const words = detail.trim();
    if (reason === REASON_NEEDING_DETAIL && !words) return setError(t("needDetail"));
    onConfirm({ reason, detail: words || undefined });
    dialog.current?.close();
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="lost-reason-title"
      className="m-auto w-full max-w-md rounded-2xl border border-border bg-background p-0 text-foreground backdrop:bg-black/40"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id="lost-reason-title" className="font-display text-xl font-semibold break-words">
          {title ?? t("title", { lead: leadLabel })}
        </h2>
        {settings.isPending && <p className="text-sm text-muted">{t("loading")}</p>}
        {settings.isError && <p className="text-sm text-muted">{t("loadFailed")}</p>}
        {settings.data && (
          <fieldset className="space-y-1.5">
            <legend className="mb-1 text-sm font-medium">{t("reasonLegend")}</legend>
            {settings.data.lost_reasons.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="lost-reason"
                  value={option}
                  checked={reason === option}
                  onChange={() => {
                    setReason(option);
                    setError(null);
                  }}
                />
                {label(option)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="space-y-1">
          <label htmlFor="lost-reason-detail" className="block text-sm font-medium">
            {reason === REASON_NEEDING_DETAIL ? t("detailRequired") : t("detailOptional")}
          </label>
          <textarea
            id="lost-reason-detail"
            value={detail}
            onChange={(event) => {
              setDetail(event.target.value);
              setError(null);
            }}
            maxLength={MAX_LOST_DETAIL_CHARS}
            rows={2}
            className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
          />
        </div>
        <p role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => dialog.current?.close()}>
            {t("cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={!settings.data}>
            {t("confirm")}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
