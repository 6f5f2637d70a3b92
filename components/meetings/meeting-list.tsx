"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { showToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/http/api-client";
import {
  MEETING_OUTCOMES,
  type MeetingOutcome,
  type StaffMeetingDto,
} from "@/lib/meetings/staff-meetings.schema";
import { useState } from "react";
import { useHandOverMeeting, useMeetingOutcome } from "./staff-meetings-queries";

/**
 * Meetings as stacked cards (they read the same at 360 px and on a laptop): when, what, with whom, and
 * once the time has come a one-click outcome. Times are in the viewer's own zone, named.
 */
export function MeetingList({
  meetings,
  showLead = true,
  showHost = false,
  now,
  colleagues,
}: {
  meetings: StaffMeetingDto[];
  showLead?: boolean;
  showHost?: boolean;
  /** The clock the outcome buttons compare with (ms). */
  now: number;
  /**
   * Managers and owners: the active colleagues an upcoming meeting whose host has left can be handed to.
   * Without it, such a meeting only says its host has left.
   */
  colleagues?: { id: string; name: string }[];
}) {
  const t = useTranslations("Meetings");
  const format = useFormatter();
  const locale = useLocale() as "es" | "en";
  const setOutcome = useMeetingOutcome();

  const record = (meeting: StaffMeetingDto, outcome: MeetingOutcome) =>
    setOutcome.mutate(
      { meeting, outcome },
      {
        onSuccess: () => showToast(t("outcomeSaved"), { tone: "success" }),
        onError: (error) =>
          showToast(error instanceof ApiError ? error.message : t("outcomeFailed"), {
            tone: "error",
          }),
      },
    );

  return (
    <ul className="space-y-3" data-testid="meeting-list">
      {meetings.map((meeting) => {
        const start = new Date(meeting.start);
        const isCancelled = meeting.status === "cancelled";
        const hasStarted = start.getTime() <= now;
        const title = locale === "es" ? meeting.type.title_es : meeting.type.title_en;
        return (
          <li
            key={meeting.id}
            data-meeting={meeting.reference}
            className="rounded-xl border border-border bg-background p-4"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-semibold">
                <time dateTime={meeting.start}>
                  {format.dateTime(start, {
                    weekday: "short",
                    day: "numeric",
                    month: "short",
                    hour: "2-digit",
                    minute: "2-digit",
                    timeZoneName: "short",
                  })}
                </time>
              </p>
              <p className="text-sm text-muted">
                {isCancelled
                  ? t("cancelled")
                  : meeting.outcome
                    ? t(`outcomes.${meeting.outcome}`)
                    : hasStarted
                      ? t("awaitingOutcome")
                      : t("upcoming")}
              </p>
            </div>
            <p className="mt-1 break-words">
              {t("typeWith", { type: title, name: meeting.name })}
              {meeting.company ? ` · ${meeting.company}` : ""}
            </p>
            <p className="text-sm break-words text-muted">
              {meeting.reference}
              {showHost ? ` · ${t("hostedBy", { host: meeting.host.name })}` : ""}
            </p>
            {!isCancelled && !hasStarted && !meeting.host.active && (
              <HostLeft meeting={meeting} colleagues={colleagues} />
            )}
            {meeting.notes && (
              <p className="mt-2 text-sm break-words whitespace-pre-line">{meeting.notes}</p>
            )}
            {showLead && meeting.lead && (
              <IntentLink
                href={`/crm/leads/${meeting.lead.id}`}
                className="mt-2 inline-block text-sm text-accent-text underline"
              >
                {t("openLead", { name: meeting.lead.name ?? meeting.email })}
              </IntentLink>
            )}
            {!isCancelled && hasStarted && (
              <fieldset className="mt-3">
                <legend className="text-sm font-medium">{t("outcomeLegend")}</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {MEETING_OUTCOMES.map((outcome) => (
                    <button
                      key={outcome}
                      type="button"
                      aria-pressed={meeting.outcome === outcome}
                      disabled={setOutcome.isPending}
                      onClick={() => record(meeting, outcome)}
                      className="min-h-9 rounded-full border border-border px-3 py-1.5 text-sm font-semibold disabled:opacity-60 aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-on-accent"
                    >
                      {t(`outcomes.${outcome}`)}
                    </button>
                  ))}
                </div>
              </fieldset>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * An upcoming meeting whose host's account was deactivated: nobody would take the call. Says so, and lets a
 * manager give it to an active colleague (the visitor and the new host are told by e-mail).
 */
function HostLeft({
  meeting,
  colleagues,
}: {
  meeting: StaffMeetingDto;
  colleagues?: { id: string; name: string }[];
}) {
  const t = useTranslations("Meetings.handover");
  const [hostId, setHostId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const handOver = useHandOverMeeting();
  const selectId = `handover-${meeting.id}`;

  function submit() {
    const host = colleagues?.find((person) => person.id === hostId);
    if (!host) return;
    setError(null);
    handOver.mutate(
      { meeting, hostId },
      {
        onSuccess: () => showToast(t("done", { name: host.name }), { tone: "success" }),
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : t("failed")),
      },
    );
  }

  return (
    <div className="mt-2 space-y-2" data-testid="meeting-host-left">
      <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
        {t("hostLeft", { host: meeting.host.name })}
      </p>
      {colleagues && colleagues.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            {t("to")}
          </label>
          <Select
            id={selectId}
            value={hostId}
            onChange={(event) => setHostId(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
            className="min-w-0 flex-1 text-sm sm:w-auto sm:flex-none"
          >
            <option value="">{t("to")}</option>
            {colleagues.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
          <Button
            variant="secondary"
            size="sm"
            disabled={!hostId}
            isBusy={handOver.isPending}
            onClick={submit}
          >
            {t("submit")}
          </Button>
        </div>
      )}
      {error && (
        <p id={`${selectId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
