"use client";

import { useId } from "react";
import { useFormatter, useTranslations } from "next-intl";
import type { LeadDetailDto } from "@/lib/crm/crm.schema";
import { useCrmPeople, type AnswerLabels } from "./crm-people";

const KNOWN_SOURCES = ["optin", "home_form", "meeting"] as const;
/** What a booking files as its submission (lib/meetings/meetings.service.ts), in the order shown. */
const MEETING_FIELDS = ["type", "start", "time_zone", "notes"] as const;

/** One answer in the CRM's language: the question's own wording and the option's label, not the stored key. */
function describe(labels: AnswerLabels, field: string, answer: unknown): [string, string] {
  const options = labels.values[field] ?? {};
  const label = (value: unknown) => options[String(value)] ?? String(value);
  return [
    labels.fields[field] ?? field,
    Array.isArray(answer) ? answer.map(label).join(", ") : label(answer),
  ];
}

/** The latest questionnaire's answers, then every submission with its date and source. */
export function LeadHistory({ lead }: { lead: LeadDetailDto }) {
  const answersHeadingId = useId();
  const t = useTranslations("Crm");
  const tHistory = useTranslations("Crm.History");
  const format = useFormatter();
  const { answerLabels, meetingTypeTitles } = useCrmPeople();
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  // The booked time as the visitor chose it: in their own zone, named.
  const bookingAnswers = (answers: Record<string, unknown>) => {
    const start = typeof answers.start === "string" ? new Date(answers.start) : null;
    const timeZone = typeof answers.time_zone === "string" ? answers.time_zone : undefined;
    if (!start || Number.isNaN(start.getTime())) return answers;
    return {
      ...answers,
      start: format.dateTime(start, {
        dateStyle: "full",
        timeStyle: "short",
        ...(timeZone ? { timeZone } : {}),
      }),
    };
  };
  const sourceName = (source: string) =>
    (KNOWN_SOURCES as readonly string[]).includes(source)
      ? tHistory(`sources.${source as (typeof KNOWN_SOURCES)[number]}`)
      : source;

  return (
    <>
      <section aria-labelledby={answersHeadingId} className="space-y-2">
        <h3 id={answersHeadingId} className="text-sm font-semibold">
          {t("detail.answersTitle")}
        </h3>
        {lead.answers ? (
          <>
            <dl className="grid grid-cols-1 gap-y-1 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-x-3">
              {inQuestionnaireOrder(answerLabels, lead.answers).map(([field, answer]) => {
                const [question, value] = describe(answerLabels, field, answer);
                return (
                  <div key={field} className="contents">
                    <dt className="text-muted">{question}</dt>
                    <dd className="mb-1 break-words sm:mb-0">{value}</dd>
                  </div>
                );
              })}
            </dl>
            {lead.answered_at && (
              <p className="text-xs text-muted">
                {t("detail.answeredAt", { date: when(lead.answered_at) })}
              </p>
            )}
          </>
        ) : (
          <p className="text-sm text-muted">{t("detail.noAnswers")}</p>
        )}
      </section>

      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{tHistory("title")}</h3>
        {lead.submissions.length === 0 ? (
          <p className="text-sm text-muted">{tHistory("none")}</p>
        ) : (
          <ol aria-label={tHistory("title")} className="space-y-1 text-sm">
            {lead.submissions.map((submission) => (
              <li key={submission.id}>
                {/* Each submission opens to what was sent, so a contact message is readable here too. */}
                <details>
                  <summary className="flex cursor-pointer flex-wrap justify-between gap-x-3">
                    <span>{sourceName(submission.source)}</span>
                    <time dateTime={submission.created_at} className="text-muted">
                      {when(submission.created_at)}
                    </time>
                  </summary>
                  {submission.source === "meeting" ? (
                    <AnswerList
                      labels={{
                        fields: Object.fromEntries(
                          MEETING_FIELDS.map((field) => [field, tHistory(`meeting.${field}`)]),
                        ),
                        values: { type: meetingTypeTitles },
                      }}
                      answers={bookingAnswers(submission.answers)}
                    />
                  ) : (
                    <AnswerList labels={answerLabels} answers={submission.answers} />
                  )}
                </details>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

/**
 * The answers in the order the questionnaire asks them (`labels.fields` is built in that order); stored
 * JSON keeps no order, so reading it as it comes scrambles them. Fields the questionnaire no longer asks follow.
 */
function inQuestionnaireOrder(labels: AnswerLabels, answers: Record<string, unknown>) {
  const asked = Object.keys(labels.fields).filter((field) => field in answers);
  const others = Object.keys(answers).filter((field) => !(field in labels.fields));
  return [...asked, ...others].map((field): [string, unknown] => [field, answers[field]]);
}

function AnswerList({
  labels,
  answers,
}: {
  labels: AnswerLabels;
  answers: Record<string, unknown>;
}) {
  return (
    <dl className="grid grid-cols-1 gap-y-1 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-x-3">
      {inQuestionnaireOrder(labels, answers).map(([field, answer]) => {
        const [question, value] = describe(labels, field, answer);
        return (
          <div key={field} className="contents">
            <dt className="text-muted">{question}</dt>
            <dd className="mb-1 break-words sm:mb-0">{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
