"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { LeadMeetings } from "@/components/meetings/lead-meetings";
import { showToast } from "@/components/ui/toast";
import {
  LEAD_STAGES,
  type ActivityDto,
  type LeadDetailDto,
  type LeadStage,
} from "@/lib/crm/crm.schema";
import { CrmPeopleProvider, useAnswerValue, useCrmPeople, type CrmPeople } from "./crm-people";
import {
  crmKeys,
  leadQueries,
  setCachedLeadDetail,
  useChangeLeadStage,
  useReassignLead,
  useSendLeadEmail,
} from "./crm-queries";
import { LeadDealPanel } from "./deal-value";
import { DraftProposalButton } from "./draft-proposal-button";
import { LeadActivityForm } from "./lead-activity-form";
import { ExpectedCloseField } from "./expected-close-field";
import { LeadHistory } from "./lead-history";
import { LeadTaskForm } from "./lead-task-form";
import { LeadTimeline } from "./lead-timeline";
import { LostReasonDialog } from "./lost-reason-dialog";
import { useFailureToast } from "./use-failure-toast";

interface LeadWorkspaceProps {
  initialLead: LeadDetailDto;
  initialActivities: ActivityDto[];
  /** The e-mail form's first subject and body, in the lead's language (written on the server). */
  emailDraft: { subject: string; body: string };
  people: CrmPeople;
}

/**
 * The lead page's live part: the server's render seeds the queries, and every action here updates or
 * reloads the lead and its timeline, so the page never needs a reload to show what just happened.
 */
export function LeadWorkspace({ people, ...props }: LeadWorkspaceProps) {
  return (
    <CrmPeopleProvider value={people}>
      <Workspace {...props} />
    </CrmPeopleProvider>
  );
}

const AWAITING_CLIENT_MS = 15_000;
/** A proposal went to the client and was not opened yet. */
const isAwaitingClient = (lead: LeadDetailDto | undefined) =>
  lead?.proposals.some((proposal) => proposal.status === "shared") ?? false;

/** The ways a lead arrives (lead.source), each with its words under LeadPage.sources. */
const LEAD_SOURCES = ["optin", "home_form", "manual", "meeting"] as const;

const card = "min-w-0 rounded-2xl border border-border bg-background p-4 sm:p-5";

function Workspace({
  initialLead,
  initialActivities,
  emailDraft,
}: Omit<LeadWorkspaceProps, "people">) {
  const t = useTranslations("LeadPage");
  const tCrm = useTranslations("Crm");
  const answerValue = useAnswerValue();
  const failed = useFailureToast();
  const queryClient = useQueryClient();
  const id = initialLead.id;
  const lead =
    useQuery({
      ...leadQueries.lead(id),
      initialData: initialLead,
      // While an e-mail waits for delivery, its state is looked at again now and then; while a shared
      // proposal is unopened, less often, so "the client opened the proposal" shows up without a reload.
      refetchInterval: (query) =>
        query.state.data?.emails.some((email) => ["queued", "retrying"].includes(email.status))
          ? 4000
          : isAwaitingClient(query.state.data)
            ? AWAITING_CLIENT_MS
            : false,
    }).data ?? initialLead;
  const activities =
    useQuery({
      ...leadQueries.activities(id),
      initialData: initialActivities,
      refetchInterval: isAwaitingClient(lead) ? AWAITING_CLIENT_MS : false,
    }).data ?? initialActivities;
  const refreshTimeline = () =>
    void queryClient.invalidateQueries({ queryKey: crmKeys.leadActivities(id) });
  // A proposal's state moved on (the client opened or signed it): its entry is on the timeline now, so the
  // timeline is read again even if its own look-again had already stopped.
  const proposalStates = lead.proposals
    .map((proposal) => `${proposal.id}:${proposal.status}`)
    .join();
  const seenProposalStates = useRef(proposalStates);
  useEffect(() => {
    if (seenProposalStates.current === proposalStates) return;
    seenProposalStates.current = proposalStates;
    void queryClient.invalidateQueries({ queryKey: crmKeys.leadActivities(id) });
  }, [proposalStates, queryClient, id]);

  const changeStage = useChangeLeadStage(id, {
    onShown: () => undefined,
    onFailure: (error) => failed(error, "moveFailed"),
  });
  const [isAskingLostReason, setIsAskingLostReason] = useState(false);
  const label = lead.name || lead.email || lead.company || tCrm("empty");
  const mailStatus = (messageId: string) => {
    const email = lead.emails.find((candidate) => candidate.id === messageId);
    return email ? <DeliveryState status={email.status} /> : null;
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <IntentLink href="/crm" className="text-sm text-muted underline-offset-4 hover:underline">
            ← {t("back")}
          </IntentLink>
          <h1 className="font-display text-2xl font-semibold wrap-anywhere">{label}</h1>
          <p className="break-words text-muted">
            {[lead.company, lead.industry && answerValue("industry", lead.industry)]
              .filter(Boolean)
              .join(" · ") || tCrm("empty")}
          </p>
        </div>
        <div className="w-full min-w-0 sm:w-56">
          <label htmlFor="lead-page-stage" className="block text-sm font-medium">
            {tCrm("detail.stageLabel")}
          </label>
          <select
            id="lead-page-stage"
            value={lead.stage}
            onChange={(event) => {
              const stage = event.target.value as LeadStage;
              // Lost asks why first (docs/product.md#lost-reasons).
              if (stage === "Lost") setIsAskingLostReason(true);
              else changeStage.mutate({ stage });
            }}
            className="mt-1 w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
          >
            {LEAD_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {tCrm(`stages.${stage}`)}
              </option>
            ))}
          </select>
          {isAskingLostReason && (
            <LostReasonDialog
              leadLabel={label}
              onConfirm={(lost) => changeStage.mutate({ stage: "Lost", lost })}
              onClose={() => setIsAskingLostReason(false)}
            />
          )}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="lead-page-details" className={card}>
            <h2 id="lead-page-details" className="mb-3 font-semibold">
              {t("details")}
            </h2>
            <LeadFacts lead={lead} />
            <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
              <LeadOwnerField lead={lead} />
            </div>
            <div className="mt-4">
              <LeadDealPanel
                key={`${lead.stage}-${lead.value?.source ?? "none"}`}
                lead={lead}
                onChanged={(saved) => setCachedLeadDetail(queryClient, saved)}
              />
            </div>
            <div className="mt-4">
              <ExpectedCloseField key={lead.id} lead={lead} />
            </div>
          </section>

          <LeadProposals lead={lead} />
          <LeadTasks lead={lead} onCreated={refreshTimeline} />
          <LeadMeetings leadId={lead.id} className={card} />
          <LeadEmails lead={lead} draft={emailDraft} />
        </div>

        <div className="min-w-0 space-y-6">
          <section aria-label={tCrm("detail.answersTitle")} className={`${card} space-y-4`}>
            <LeadHistory lead={lead} />
          </section>
          <section aria-labelledby="lead-page-activity" className={`${card} space-y-4`}>
            <h2 id="lead-page-activity" className="font-semibold">
              {t("activity")}
            </h2>
            <LeadActivityForm leadId={id} idPrefix="lead-page" />
            <LeadTimeline activities={activities} leadLabel={label} mailStatus={mailStatus} />
          </section>
        </div>
      </div>
    </div>
  );
}

function LeadFacts({ lead }: { lead: LeadDetailDto }) {
  const t = useTranslations("LeadPage");
  const answerValue = useAnswerValue();
  const format = useFormatter();
  const rows: [string, ReactNode][] = [
    [
      t("contact"),
      <span key="contact" className="flex flex-col">
        {lead.email && (
          <a
            className="min-h-6 break-all text-highlight hover:underline"
            href={`mailto:${lead.email}`}
          >
            {lead.email}
          </a>
        )}
        {lead.phone && (
          <a
            className="min-h-6 text-highlight hover:underline"
            href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}
          >
            {lead.phone}
          </a>
        )}
        {!lead.email && !lead.phone && "—"}
      </span>,
    ],
    [t("company"), lead.company || "—"],
    [t("industry"), lead.industry ? answerValue("industry", lead.industry) : "—"],
    [
      t("language"),
      lead.lang === "en" || lead.lang === "es" ? t(`languages.${lead.lang}`) : lead.lang,
    ],
    [
      t("source"),
      // Every way a lead arrives, in words; anything newer is shown as stored.
      (LEAD_SOURCES as readonly string[]).includes(lead.source)
        ? t(`sources.${lead.source as (typeof LEAD_SOURCES)[number]}`)
        : lead.source,
    ],
    [t("created"), format.dateTime(new Date(lead.created_at), { dateStyle: "medium" })],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="mb-1 min-w-0 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The owner: managers and owners hand the lead to someone else here; the new owner is notified. */
function LeadOwnerField({ lead }: { lead: LeadDetailDto }) {
  const t = useTranslations("Crm.People");
  const failed = useFailureToast();
  const { directory, isManager } = useCrmPeople();
  const reassign = useReassignLead(lead.id, {
    onShown: () => undefined,
    onFailure: (error) => failed(error, "reassignFailed"),
  });
  if (!isManager)
    return (
      <p className="text-sm">
        <span className="font-medium">{t("ownerLabel")}:</span>{" "}
        {lead.owner?.name ?? t("unassigned")}
      </p>
    );
  const isListed = !lead.owner || directory.some((person) => person.id === lead.owner?.id);
  return (
    <div className="min-w-0">
      <label htmlFor="lead-page-owner" className="block text-sm font-medium">
        {t("ownerLabel")}
      </label>
      <select
        id="lead-page-owner"
        value={lead.owner?.id ?? ""}
        onChange={(event) => reassign.mutate(event.target.value || null)}
        className="mt-1 w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
      >
        <option value="">{t("unassigned")}</option>
        {!isListed && lead.owner && <option value={lead.owner.id}>{lead.owner.name}</option>}
        {directory.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}

const STATUS_TONE: Record<string, string> = {
  signed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  sent: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  viewed: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};
const badge = (status: string) =>
  `inline-block shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status] ?? "bg-surface-strong"}`;

function LeadProposals({ lead }: { lead: LeadDetailDto }) {
  const t = useTranslations("LeadPage");
  const format = useFormatter();
  const known = ["draft", "shared", "viewed", "signed", "expired", "withdrawn"] as const;
  return (
    <section aria-labelledby="lead-page-proposals" className={card}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="lead-page-proposals" className="font-semibold">
          {t("proposals")}
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          <DraftProposalButton leadId={lead.id} />
          <IntentLink
            href="/proposal/new"
            className="rounded-full border border-border px-3 py-1.5 text-sm font-medium hover:bg-surface-strong"
          >
            {t("newProposal")}
          </IntentLink>
        </div>
      </div>
      {lead.proposals.length === 0 ? (
        <p className="text-sm text-muted">{t("noProposals")}</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="lead-proposals">
          {lead.proposals.map((proposal) => (
            <li key={proposal.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <IntentLink
                  href={`/proposal/db/${proposal.id}`}
                  className="block font-medium break-words hover:underline"
                >
                  {proposal.title || t("unnamedClient")}
                </IntentLink>
                <span className="text-xs text-muted">
                  {t("updated", {
                    date: format.dateTime(new Date(proposal.updated_at), { dateStyle: "medium" }),
                  })}
                </span>
              </span>
              <span className={badge(proposal.status)}>
                {(known as readonly string[]).includes(proposal.status)
                  ? t(`proposalStatus.${proposal.status as (typeof known)[number]}`)
                  : proposal.status}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LeadTasks({ lead, onCreated }: { lead: LeadDetailDto; onCreated: () => void }) {
  const t = useTranslations("LeadPage");
  const tCrm = useTranslations("Crm");
  const format = useFormatter();
  return (
    <section aria-labelledby="lead-page-tasks" className={`${card} space-y-4`}>
      <h2 id="lead-page-tasks" className="font-semibold">
        {t("tasks")}
      </h2>
      {lead.tasks.length === 0 ? (
        <p className="text-sm text-muted">{t("noTasks")}</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="lead-tasks">
          {lead.tasks.map((task) => (
            <li key={task.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span
                  className={`block font-medium break-words ${task.status === "done" ? "text-muted line-through" : ""}`}
                >
                  {task.title}
                </span>
                <span className="text-xs text-muted">
                  {[
                    task.assignee?.name,
                    task.due_date &&
                      t("due", {
                        date: format.dateTime(new Date(`${task.due_date}T12:00:00Z`), {
                          dateStyle: "medium",
                          timeZone: "UTC",
                        }),
                      }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
              <span className={badge(task.status)}>{tCrm(`statuses.${task.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
      <LeadTaskForm leadId={lead.id} onCreated={onCreated} />
    </section>
  );
}

function DeliveryState({ status }: { status: string }) {
  const t = useTranslations("LeadPage");
  const known = ["queued", "retrying", "sent", "failed", "cancelled", "not_configured"] as const;
  return (
    <span className={badge(status)} data-delivery={status}>
      {(known as readonly string[]).includes(status)
        ? t(`emailStatus.${status as (typeof known)[number]}`)
        : status}
    </span>
  );
}

function LeadEmails({
  lead,
  draft,
}: {
  lead: LeadDetailDto;
  draft: { subject: string; body: string };
}) {
  const t = useTranslations("LeadPage");
  const format = useFormatter();
  const formId = useId();
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [error, setError] = useState<string | null>(null);
  const send = useSendLeadEmail(lead.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    send.mutate(
      { subject: subject.trim(), body: body.trim() },
      {
        onSuccess: () => {
          showToast(t("queued"));
          setSubject(draft.subject);
          setBody(draft.body);
        },
        onError: (failure) =>
          setError(
            t("sendFailed", {
              reason: failure instanceof Error ? failure.message : String(failure),
            }),
          ),
      },
    );
  }

  return (
    <section aria-labelledby="lead-page-emails" className={`${card} space-y-4`}>
      <h2 id="lead-page-emails" className="font-semibold">
        {t("emails")}
      </h2>
      {lead.emails.length === 0 ? (
        <p className="text-sm text-muted">{t("noEmails")}</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="lead-emails">
          {lead.emails.map((email) => (
            <li key={email.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium break-words">{email.subject}</span>
                <time dateTime={email.created_at} className="text-xs text-muted">
                  {format.dateTime(new Date(email.created_at), {
                    dateStyle: "medium",
                    timeStyle: "short",
                  })}
                </time>
              </span>
              <DeliveryState status={email.status} />
            </li>
          ))}
        </ul>
      )}
      {lead.email ? (
        <form
          onSubmit={submit}
          className="space-y-3 border-t border-border pt-4"
          aria-labelledby={formId}
        >
          <h3 id={formId} className="text-sm font-semibold">
            {t("write")}
          </h3>
          <p className="text-xs break-words text-muted">{t("to", { email: lead.email })}</p>
          <div>
            <label htmlFor="lead-email-subject" className="block text-sm font-medium">
              {t("subject")}
            </label>
            <input
              id="lead-email-subject"
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              required
              maxLength={200}
              className="mt-1 w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
            />
          </div>
          <div>
            <label htmlFor="lead-email-body" className="block text-sm font-medium">
              {t("body")}
            </label>
            <textarea
              id="lead-email-body"
              value={body}
              onChange={(event) => setBody(event.target.value)}
              required
              rows={8}
              maxLength={8000}
              className="mt-1 w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-accent-text">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={send.isPending}
            className="min-h-11 rounded-full bg-accent px-5 py-2 text-sm font-semibold text-on-accent hover:brightness-110 disabled:opacity-60"
          >
            {send.isPending ? t("sending") : t("send")}
          </button>
        </form>
      ) : (
        <p className="text-sm text-muted">{t("noEmailAddress")}</p>
      )}
    </section>
  );
}
