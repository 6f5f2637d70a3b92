"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { showToast } from "@/components/ui/toast";
import {
  MAIL_STATUSES,
  type MailStatus,
  type OutboxMessageDto,
  type TOutboxQuery,
} from "@/lib/mail/outbox.schema";
import { MAIL_NOT_CONFIGURED_ERROR } from "@/lib/outbox/delivery-errors";
import { outboxQueries, useOutboxAction } from "./outbox-queries";

const STATUS_TONE: Record<string, string> = {
  sent: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  retrying: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
};

/**
 * E-mails with their delivery state. On the outbox page (`hasFilter`) staff filter by status and
 * retry or cancel; on a lead or proposal it lists that record's own e-mails.
 */
export function OutboxList({
  about = {},
  hasFilter = false,
  initialMessages,
}: {
  about?: Pick<TOutboxQuery, "lead_id" | "proposal_id">;
  hasFilter?: boolean;
  initialMessages?: OutboxMessageDto[];
}) {
  const t = useTranslations("Outbox");
  const format = useFormatter();
  const [status, setStatus] = useState<MailStatus | "">("");
  const { lead_id: leadId, proposal_id: proposalId } = about;
  const query: TOutboxQuery = {
    ...(status && { status }),
    ...(leadId && { lead_id: leadId }),
    ...(proposalId && { proposal_id: proposalId }),
  };
  // The server render's list seeds the unfiltered view; a filter loads its own.
  const list = useQuery({
    ...outboxQueries.list(query),
    ...(initialMessages && !status && { initialData: { messages: initialMessages } }),
  });
  const messages = list.data?.messages ?? null;
  const action = useOutboxAction();
  const busyId = action.isPending ? action.variables.id : null;

  // Older rows or kinds this build does not know still show, under their stored name.
  const statusLabel = (value: string) => {
    const key = `status.${value}` as `status.${MailStatus}`;
    return t.has(key) ? t(key) : value;
  };
  const kindLabel = (value: string) => {
    const key = `kind.${value}` as "kind.proposal";
    return t.has(key) ? t(key) : value;
  };

  function act(id: string, kind: "retry" | "cancel") {
    action.mutate(
      { id, action: kind },
      {
        onSuccess: () =>
          showToast(kind === "retry" ? t("retried") : t("cancelled"), { tone: "success" }),
        onError: (error) =>
          showToast(t("actionFailed", { reason: error.message }), { tone: "error" }),
      },
    );
  }

  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  return (
    <div className="space-y-4">
      {hasFilter && (
        <div className="flex flex-wrap items-end gap-3">
          <label className="space-y-1 text-sm">
            <span className="block font-medium">{t("filterLabel")}</span>
            <Select
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as MailStatus | "");
              }}
            >
              <option value="">{t("allStatuses")}</option>
              {MAIL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          </label>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t("refresh")}
          </Button>
        </div>
      )}
      {list.isError && <p className="text-sm text-red-700 dark:text-red-300">{t("loadFailed")}</p>}
      {messages && messages.length === 0 && <p className="text-sm text-muted">{t("empty")}</p>}
      {messages && messages.length > 0 && (
        <ul className="space-y-3" aria-label={t("listLabel")}>
          {messages.map((m) => {
            const canAct = hasFilter && m.status !== "sent" && m.status !== "cancelled";
            return (
              <li
                key={m.id}
                className="space-y-1 rounded-xl border border-border p-3 text-sm"
                data-status={m.status}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold">{m.subject}</p>
                  <span className="flex flex-wrap gap-1">
                    {/* "Retrying" already says it: the mark is for a message that got through, or gave up. */}
                    {m.attempts > 1 && m.status !== "retrying" && (
                      <span
                        className="rounded-full bg-surface-strong px-2 py-0.5 text-xs font-medium"
                        data-testid="outbox-retried"
                      >
                        {t("retriedBadge")}
                      </span>
                    )}
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[m.status] ?? "bg-surface-strong"}`}
                    >
                      {statusLabel(m.status)}
                    </span>
                  </span>
                </div>
                <p className="text-muted">
                  {t("toLine", { to: m.to })} · {kindLabel(m.kind)} ·{" "}
                  {t("queuedAt", { date: when(m.created_at) })}
                </p>
                {m.sent_at && (
                  <p>
                    {m.attempts > 1
                      ? t("sentOnAttempt", { date: when(m.sent_at), attempts: m.attempts })
                      : t("sentAt", { date: when(m.sent_at) })}
                  </p>
                )}
                {m.status === "retrying" && m.next_attempt_at && (
                  <p>{t("nextAttempt", { date: when(m.next_attempt_at), attempts: m.attempts })}</p>
                )}
                {/* Waiting for a mail server is the setup's state, not this message's failure: no alarm colour. */}
                {m.last_error &&
                  m.status !== "sent" &&
                  (m.last_error === MAIL_NOT_CONFIGURED_ERROR ? (
                    <p className="text-muted">{t("notConfiguredError")}</p>
                  ) : (
                    <p className="text-red-700 dark:text-red-300">
                      {t("lastError", { error: m.last_error })}
                    </p>
                  ))}
                {canAct && (
                  <div className="flex gap-2 pt-1">
                    <Button size="sm" isBusy={busyId === m.id} onClick={() => act(m.id, "retry")}>
                      {t("retryNow")}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busyId === m.id}
                      onClick={() => act(m.id, "cancel")}
                    >
                      {t("cancel")}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
