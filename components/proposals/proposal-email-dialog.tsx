"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { EmailPreviewDto, TSendProposalEmail } from "@/lib/proposals/proposal.schema";
import { proposalStaffApi } from "./proposal-staff-api";

type Recipient = Pick<TSendProposalEmail, "to_email" | "contact_id">;

/**
 * Sending a stored proposal by e-mail: the rep adds an optional note, sees the message exactly as the
 * client will (subject, and the HTML in a sandboxed frame that runs nothing), then sends it.
 */
export function ProposalEmailDialog({
  proposalId,
  recipient,
  recipientLabel,
  onClose,
  onSent,
}: {
  proposalId: string;
  recipient: Recipient;
  /** Who it goes to, as shown to the rep. */
  recipientLabel: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const t = useTranslations("ProposalEmail");
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState("");
  const [preview, setPreview] = useState<EmailPreviewDto | null>(null);
  const [previewedNote, setPreviewedNote] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const input = () => ({
    proposal_id: proposalId,
    ...recipient,
    ...(note.trim() ? { message: note.trim() } : {}),
  });

  async function showPreview() {
    setIsBusy(true);
    setFailure(null);
    try {
      setPreview(await proposalStaffApi.previewEmail(input()));
      setPreviewedNote(note);
    } catch (error) {
      setFailure(t("failed", { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setIsBusy(false);
    }
  }

  async function send() {
    setIsBusy(true);
    setFailure(null);
    try {
      await proposalStaffApi.sendEmail(input());
      onSent();
    } catch (error) {
      setFailure(t("failed", { reason: error instanceof Error ? error.message : String(error) }));
      setIsBusy(false);
    }
  }

  // What is sent is what was previewed: a note changed after the preview needs a new one.
  const isPreviewCurrent = preview !== null && previewedNote === note;

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="proposal-email-title"
      className="m-auto w-[min(44rem,calc(100vw-1rem))] max-w-none rounded-2xl border border-border bg-background p-0 text-foreground backdrop:bg-black/50"
      data-testid="proposal-email-dialog"
    >
      <div className="max-h-[calc(100dvh-2rem)] space-y-4 overflow-y-auto p-4 sm:p-6">
        <h2 id="proposal-email-title" className="font-display text-xl font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm break-words">
          <span className="font-semibold">{t("to")}:</span> {recipientLabel}
        </p>
        <label className="block space-y-1 text-sm">
          <span className="font-medium">{t("noteLabel")}</span>
          <Textarea
            rows={3}
            maxLength={5000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <span className="block text-muted">{t("noteHint")}</span>
        </label>
        {preview && (
          <section aria-label={t("previewLabel")} className="space-y-2">
            <p className="text-sm break-words">
              <span className="font-semibold">{t("subject")}:</span>{" "}
              <span data-testid="proposal-email-subject">{preview.subject}</span>
            </p>
            <iframe
              title={t("previewLabel")}
              sandbox=""
              srcDoc={preview.html}
              className="h-[26rem] w-full rounded-xl border border-border bg-white"
              data-testid="proposal-email-preview"
            />
            {!isPreviewCurrent && <p className="text-sm text-muted">{t("previewStale")}</p>}
          </section>
        )}
        {failure && (
          <p role="alert" className="text-sm font-medium text-accent-text">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" isBusy={isBusy && !isPreviewCurrent} onClick={showPreview}>
            {preview ? t("refreshPreview") : t("preview")}
          </Button>
          <Button
            disabled={!isPreviewCurrent}
            isBusy={isBusy && isPreviewCurrent}
            onClick={() => void send()}
          >
            {t("send")}
          </Button>
          <Button variant="ghost" onClick={() => dialog.current?.close()}>
            {t("cancel")}
          </Button>
        </div>
        {!isPreviewCurrent && <p className="text-sm text-muted">{t("previewFirst")}</p>}
      </div>
    </dialog>
  );
}
