"use client";

import type { ReactNode } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import {
  LEAD_STAGES,
  TASK_STATUSES,
  type ActivityDetail,
  type ActivityDto,
  type LeadStage,
  type TaskStatus,
} from "@/lib/crm/crm.schema";
import { useLostReasonLabel } from "./lost-reason-label";

const isStage = (value: unknown): value is LeadStage =>
  typeof value === "string" && (LEAD_STAGES as readonly string[]).includes(value);
const isStatus = (value: unknown): value is TaskStatus =>
  typeof value === "string" && (TASK_STATUSES as readonly string[]).includes(value);
const isDay = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** One timeline entry as a sentence in the staff language, plus the text it carries (a note, a message). */
function useActivitySentence(leadLabel: string) {
  const t = useTranslations("Crm.Timeline");
  const tExtra = useTranslations("LeadTimelineExtra");
  const tCrm = useTranslations("Crm");
  const tLost = useTranslations("Crm.LostReasons");
  const lostReason = useLostReasonLabel();
  const format = useFormatter();
  const locale = useLocale() as "es" | "en";
  const day = (value: string) =>
    format.dateTime(new Date(`${value}T12:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });

  const tMeetings = useTranslations("Meetings");
  const outcomeWord = (value: unknown) =>
    value === "held" || value === "no_show" || value === "rescheduled"
      ? tMeetings(`outcomes.${value}`)
      : String(value);
  /** A meeting's entry (booked, moved, cancelled from the visitor's link; an outcome from staff). */
  const meetingSentence = (activity: ActivityDto, actor: string) => {
    // The facts hold the type's title in both languages (lib/meetings/meetings.service.ts).
    const facts = activity.detail ?? {};
    const type = facts[`type_${locale}`] ?? facts.type_es ?? "";
    const start = facts.start ? new Date(facts.start) : null;
    if (!type || !start || Number.isNaN(start.getTime()))
      return {
        sentence: t("other", { actor, type: activity.type }),
        text: activity.content || null,
      };
    // In the staff member's zone (the staff layout's provider: the same on server and client), named.
    const when = format.dateTime(start, {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "short",
    });
    const lead = leadLabel;
    const host = facts.host ?? "";
    const sentence =
      activity.type === "meeting_booked"
        ? tExtra("meetingBooked", { lead, type, when, host })
        : activity.type === "meeting_moved"
          ? tExtra("meetingMoved", { lead, type, when })
          : activity.type === "meeting_cancelled"
            ? tExtra("meetingCancelled", { lead, type, when })
            : activity.type === "meeting_handed_over"
              ? facts.previous_host
                ? tExtra("meetingHandedOverFrom", {
                    actor,
                    type,
                    when,
                    from: facts.previous_host,
                    host,
                  })
                : tExtra("meetingHandedOver", { actor, type, when, host })
              : tExtra("meetingOutcome", {
                  actor,
                  type,
                  when,
                  outcome: outcomeWord(facts.outcome),
                });
    return { sentence, text: null };
  };

  return (activity: ActivityDto): { sentence: string; text: string | null } => {
    const detail: ActivityDetail = activity.detail ?? {};
    const actor =
      activity.actor === "system" ? t("website") : activity.actor?.trim() || t("someone");
    const title = detail.title ?? "";
    // Entries older than their facts (detail) keep their stored text beside a plain sentence.
    const plain = (sentence: string) => ({ sentence, text: activity.content || null });
    switch (activity.type) {
      case "note":
      case "call":
      case "meeting":
      case "email":
        return { sentence: t(activity.type, { actor }), text: activity.content };
      case "stage_change":
        return isStage(detail.from) && isStage(detail.to)
          ? {
              sentence: t("stageChange", {
                actor,
                from: tCrm(`stages.${detail.from}`),
                to: tCrm(`stages.${detail.to}`),
              }),
              // A move to Lost says why (docs/product.md#lost-reasons).
              text: !detail.reason
                ? null
                : detail.reason_detail
                  ? tLost("onTimelineWithDetail", {
                      reason: lostReason(detail.reason),
                      detail: detail.reason_detail,
                    })
                  : tLost("onTimeline", { reason: lostReason(detail.reason) }),
            }
          : plain(t("stageChangePlain", { actor }));
      case "owner_change":
        if (!activity.detail) return plain(t("ownerChangePlain", { actor }));
        return {
          sentence: detail.to
            ? t("ownerChange", { actor, to: detail.to })
            : t("ownerChangeNone", { actor }),
          text: null,
        };
      case "task_created": {
        if (!activity.detail) return plain(t("taskCreatedPlain", { actor }));
        const created = detail.assignee
          ? t("taskCreatedFor", { actor, title, assignee: detail.assignee })
          : t("taskCreated", { actor, title });
        return {
          sentence: isDay(detail.due_date)
            ? `${created}, ${t("dueSuffix", { date: day(detail.due_date) })}`
            : created,
          text: null,
        };
      }
      case "task_status":
        return isStatus(detail.to)
          ? {
              sentence: t("taskStatus", { actor, title, status: tCrm(`statuses.${detail.to}`) }),
              text: null,
            }
          : plain(t("taskStatusPlain", { actor }));
      case "task_assignee":
        return {
          sentence: detail.to
            ? t("taskAssignee", { actor, title, to: detail.to })
            : t("taskAssigneeNone", { actor, title }),
          text: null,
        };
      case "task_due":
        return {
          sentence: isDay(detail.to)
            ? t("taskDue", { actor, title, date: day(detail.to) })
            : t("taskDueNone", { actor, title }),
          text: null,
        };
      case "proposal_sent":
        return detail.title && detail.to
          ? { sentence: t("proposalSent", { actor, title, to: detail.to }), text: null }
          : plain(t("proposalSentPlain", { actor }));
      case "proposal_signed":
        return {
          sentence: detail.title
            ? t("proposalSigned", { actor, title })
            : t("proposalSignedPlain", { actor }),
          text: activity.content || null,
        };
      case "optin":
        if (detail.source === "optin")
          return { sentence: t("questionnaire", { lead: leadLabel }), text: null };
        if (detail.source === "meeting")
          return {
            sentence: tExtra("meetingCaptured", { lead: leadLabel }),
            text: detail.message ?? null,
          };
        if (detail.source === "home_form")
          return { sentence: t("contactForm", { lead: leadLabel }), text: detail.message ?? null };
        return plain(t("submissionPlain", { lead: leadLabel }));
      case "lead_email":
        return {
          sentence: tExtra("leadEmail", { actor, subject: detail.subject ?? activity.content }),
          text: null,
        };
      case "proposal_opened": {
        const opened = detail.title ?? activity.content;
        return {
          sentence: opened
            ? tExtra("proposalOpened", { title: opened })
            : tExtra("proposalOpenedPlain"),
          text: null,
        };
      }
      case "erased":
        return { sentence: t("erased", { actor }), text: null };
      case "meeting_booked":
      case "meeting_moved":
      case "meeting_cancelled":
      case "meeting_handed_over":
      case "meeting_outcome":
        return meetingSentence(activity, actor);
      default:
        return plain(t("other", { actor, type: activity.type }));
    }
  };
}

/** A lead's timeline, newest first: who did what, in sentences, with when. */
export function LeadTimeline({
  activities,
  leadLabel,
  mailStatus,
}: {
  /** A lead e-mail's delivery state by its outbox message id (the lead page passes it). */
  mailStatus?: (messageId: string) => ReactNode;
  activities: ActivityDto[];
  /** The lead's name (or e-mail), the subject of the website's own entries. */
  leadLabel: string;
}) {
  const t = useTranslations("Crm");
  const tTimeline = useTranslations("Crm.Timeline");
  const format = useFormatter();
  const sentenceOf = useActivitySentence(leadLabel || tTimeline("theLead"));
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">{t("detail.timeline")}</h3>
      {activities.length === 0 ? (
        <p className="text-sm text-muted">{t("detail.noActivities")}</p>
      ) : (
        <ol className="space-y-3" data-testid="lead-timeline">
          {activities.map((activity) => {
            const { sentence, text } = sentenceOf(activity);
            return (
              <li
                key={activity.id}
                data-activity-type={activity.type}
                className="border-l-2 border-accent pl-3 text-sm"
              >
                <p className="font-medium break-words">{sentence}</p>
                {text && <p className="break-words whitespace-pre-line">{text}</p>}
                {activity.type === "lead_email" &&
                  activity.detail?.message_id &&
                  mailStatus?.(activity.detail.message_id)}
                <p className="text-xs text-muted">
                  <time dateTime={activity.created_at}>
                    {format.dateTime(new Date(activity.created_at), {
                      dateStyle: "medium",
                      timeStyle: "short",
                    })}
                  </time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
