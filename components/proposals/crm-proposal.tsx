"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocale } from "next-intl";
import { IntentLink } from "@/components/ui/intent-link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ProposalEmailDialog } from "./proposal-email-dialog";
import { PROPOSAL_REMINDER_DAYS_BEFORE, type ProposalLang } from "@/lib/proposals/proposal.schema";
import { proposalTranslator, type ProposalCatalogues } from "./proposal-translator";
import { ProposalViewer } from "./proposal-viewer";
import {
  proposalQueries,
  useProposalStep,
  useReloadProposal,
  type ProposalSteps,
} from "./proposal-queries";

type Feedback = { tone: "success" | "error"; text: string } | null;
type Action = "share" | "extend" | "withdraw" | "reminders";

/** Days an 'Extend' adds, from today or the current date, whichever is later. */
const EXTEND_DAYS = 30;

/** `/proposal/db/{id}`: a stored proposal as staff see it, with its status, client link, validity and the share, extend and withdraw actions. Not a client view. */
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
  const loaded = useQuery(proposalQueries.staffProposal(id));
  const step = useProposalStep(id);
  const reload = useReloadProposal(id);
  const busyAction = step.isPending ? (step.variables.action as Action) : null;
  const [feedback, setFeedback] = useState<Feedback>(null);
  // `?send=1`: a browser copy was just stored to be e-mailed; its preview opens at once.
  const searchParams = useSearchParams();
  const [isEmailOpen, setIsEmailOpen] = useState(searchParams.get("send") === "1");
  const tEmail = useTranslations("ProposalEmail");

  const t = proposalTranslator(staffLocale, catalogues);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(staffLocale, { dateStyle: "long" }).format(new Date(iso));

  function act(action: Action, run: (steps: ProposalSteps) => Promise<string>) {
    setFeedback(null);
    step.mutate(
      { action, run },
      {
        onSuccess: (text) => setFeedback({ tone: "success", text }),
        onError: (error) =>
          setFeedback({
            tone: "error",
            text: t("staff.actionFailed", {
              reason: error instanceof Error ? error.message : String(error),
            }),
          }),
      },
    );
  }

  const copyLink = () =>
    act("share", async (steps) => {
      const shared = await steps.share();
      const date = shared.expires_at ? formatDate(shared.expires_at) : "";
      try {
        await navigator.clipboard.writeText(shared.url);
        return t("staff.copied", { date });
      } catch {
        return t("staff.copiedNoClipboard");
      }
    });
  const extend = () =>
    act("extend", async (steps) => {
      const { expires_at } = await steps.extend(EXTEND_DAYS);
      return t("staff.extended", { date: formatDate(expires_at) });
    });
  const setReminders = (enabled: boolean) =>
    act("reminders", async (steps) => {
      await steps.setReminders(enabled);
      return enabled
        ? t("staff.remindersOn", { days: PROPOSAL_REMINDER_DAYS_BEFORE })
        : t("staff.remindersOff");
    });
  const withdraw = () => {
    if (!window.confirm(t("staff.withdrawConfirm"))) return;
    act("withdraw", async (steps) => {
      await steps.withdraw();
      return t("staff.withdrawnNote");
    });
  };

  if (loaded.isPending)
    return (
      <p role="status" className="p-8 text-center">
        {t("crmLoading")}
      </p>
    );
  if (loaded.isError)
    return (
      <p role="alert" className="p-8 text-center font-semibold text-red-700 dark:text-red-400">
        {t("crmLoadError")}
      </p>
    );

  const proposal = loaded.data;
  const isOpenOrExpired = ["shared", "viewed", "expired"].includes(proposal.status);
  const canShare = proposal.status !== "withdrawn" && proposal.status !== "signed";
  // A colleague's shared proposal, when the owner keeps changes to managers: the server would refuse them.
  const mayChange = proposal.may_change;
  const contactEmail = proposal.data.client.contactEmail.trim();
  const contactId = proposal.lead_id ?? proposal.data.client.contactId.trim();
  const recipient = contactEmail
    ? { to_email: contactEmail }
    : contactId
      ? { contact_id: contactId }
      : null;
  const openEmail = () => {
    setFeedback(null);
    if (recipient) setIsEmailOpen(true);
    else setFeedback({ tone: "error", text: tEmail("noRecipient") });
  };
  return (
    <>
      {isEmailOpen && recipient && (
        <ProposalEmailDialog
          proposalId={proposal.id}
          recipient={recipient}
          recipientLabel={contactEmail || tEmail("leadContact")}
          onClose={() => setIsEmailOpen(false)}
          onSent={() => {
            setIsEmailOpen(false);
            setFeedback({ tone: "success", text: tEmail("queued") });
            void reload();
          }}
        />
      )}
      <ProposalViewer
        brand={brand}
        phoneHref={phoneHref}
        catalogues={catalogues}
        documents={{ ...proposal.translations, [proposal.data.lang]: proposal.data }}
        signatureMode={{ kind: "preview" }}
        initialSignature={proposal.signature}
        hasStaffActions
        storedId={proposal.id}
        initialLang={proposal.data.lang}
        chromeLang={staffLocale}
        draftMeta={{ storedId: proposal.id, leadId: proposal.lead_id ?? undefined }}
        onSendEmail={canShare && !proposal.erased_at ? openEmail : undefined}
        signedPdfHref={`/api/crm/proposals/${encodeURIComponent(proposal.id)}/signed.pdf`}
        pdfPath={`/api/crm/proposals/${encodeURIComponent(proposal.id)}/proposal.pdf`}
        banner={
          <aside
            aria-label={t("staff.clientLink")}
            className="mx-auto mb-4 max-w-4xl space-y-2 rounded-xl border border-border bg-background p-4 text-sm print:hidden"
            data-proposal-actions
          >
            <p>
              <span className="font-semibold">{t("status.label")}:</span>{" "}
              <span data-testid="proposal-status">{t(`status.${proposal.status}`)}</span>
              {" · "}
              <span data-testid="proposal-version">
                {t("staff.version", { version: proposal.version })}
              </span>
            </p>
            <p data-testid="proposal-expiry">
              {proposal.status === "withdrawn"
                ? t("staff.withdrawnNote")
                : proposal.expires_at
                  ? t("staff.validUntil", { date: formatDate(proposal.expires_at) })
                  : t("staff.notShared")}
            </p>
            <p className="break-all">
              <span className="font-semibold">{t("staff.clientLink")}:</span>{" "}
              {proposal.status === "draft" ? (
                <span data-testid="proposal-link-state">{tEmail("notSharedYet")}</span>
              ) : (
                <a
                  className="text-highlight underline underline-offset-4"
                  href={`/proposals/ai-generated/${proposal.token}`}
                >
                  {proposal.url}
                </a>
              )}
            </p>
            {canShare && mayChange && (
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={proposal.reminders_enabled}
                  disabled={busyAction === "reminders"}
                  onChange={(event) => void setReminders(event.target.checked)}
                />
                <span>{t("staff.remindersLabel", { days: PROPOSAL_REMINDER_DAYS_BEFORE })}</span>
              </label>
            )}
            <div className="flex flex-wrap gap-2">
              {proposal.status !== "signed" && mayChange && !proposal.erased_at && (
                <IntentLink
                  href={`/proposal/new?proposal=${encodeURIComponent(proposal.id)}`}
                  className="inline-flex min-h-9 items-center rounded-full border border-border px-3 py-1.5 text-sm font-semibold hover:bg-surface"
                  data-testid="proposal-edit"
                >
                  {tEmail("edit")}
                </IntentLink>
              )}
              {canShare && (
                <Button size="sm" isBusy={busyAction === "share"} onClick={() => void copyLink()}>
                  {t("staff.copyLink")}
                </Button>
              )}
              {isOpenOrExpired && mayChange && (
                <Button
                  size="sm"
                  variant="secondary"
                  isBusy={busyAction === "extend"}
                  onClick={() => void extend()}
                >
                  {t("staff.extend")}
                </Button>
              )}
              {canShare && mayChange && (
                <Button
                  size="sm"
                  variant="danger"
                  isBusy={busyAction === "withdraw"}
                  onClick={withdraw}
                >
                  {t("staff.withdraw")}
                </Button>
              )}
            </div>
            {feedback && (
              <p
                role={feedback.tone === "error" ? "alert" : "status"}
                data-testid="proposal-staff-feedback"
                className="font-medium"
              >
                {feedback.text}
              </p>
            )}
            {!mayChange && (
              <p className="text-muted" data-testid="proposal-not-yours">
                {t("staff.othersProposalNote")}
              </p>
            )}
            <p className="text-muted">{t("staff.previewNote")}</p>
          </aside>
        }
      />
    </>
  );
}
