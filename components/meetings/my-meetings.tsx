"use client";

import { useQuery } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MeetingList } from "./meeting-list";
import { MEETING_SPANS, type MeetingSpan, rangeOfSpan } from "./meeting-spans";
import { meetingQueries } from "./staff-meetings-queries";

/** "My meetings": a span at a time; managers and owners may look at everyone's, or one colleague's. */
export function MyMeetings({
  mayViewEveryone,
  initialSpan = "week",
  initialWhose = "me",
  viewerId,
  colleagues,
  formerColleague,
}: {
  mayViewEveryone: boolean;
  viewerId: string;
  /** From the address (?span=, ?whose=), so another page can link to a view. */
  initialSpan?: MeetingSpan;
  /** `me`, `all`, or an account's id. */
  initialWhose?: string;
  /**
   * Managers and owners: the active accounts, each a choice of whose meetings to show and someone a
   * meeting whose host has left can be handed to.
   */
  colleagues?: { id: string; name: string }[];
  /** A deactivated account named by the address, offered as a choice so its meetings can be handed over. */
  formerColleague?: { id: string; name: string };
}) {
  const t = useTranslations("Meetings");
  const [span, setSpan] = useState<MeetingSpan>(initialSpan);
  const [whose, setWhose] = useState(mayViewEveryone ? initialWhose : "me");
  // The clock is read once per span chosen, so the query key (and the cache) stays put between renders.
  const [now, setNow] = useState(() => new Date());
  // Days as the list shows them: in the staff member's zone (the staff layout's), not the browser's.
  const timeZone = useTimeZone();
  const range = rangeOfSpan(span, now, timeZone);
  const query = useQuery(meetingQueries.list({ host: whose, ...range }));
  const listed = query.data?.data ?? [];
  const meetings = span === "past" ? [...listed].reverse() : listed;

  return (
    <section aria-labelledby="my-meetings-list" className="space-y-4">
      <h2 id="my-meetings-list" className="sr-only">
        {t("listTitle")}
      </h2>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("spanLabel")}>
        {MEETING_SPANS.map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={span === item}
            onClick={() => {
              setSpan(item);
              setNow(new Date());
            }}
            className="min-h-9 rounded-full border border-border px-3 py-1.5 text-sm font-semibold aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-on-accent"
          >
            {t(`spans.${item}`)}
          </button>
        ))}
        {mayViewEveryone && (
          <label className="ml-auto flex max-w-full min-w-0 items-center gap-2 text-sm">
            <span className="whitespace-nowrap">{t("whose")}</span>
            <select
              value={whose}
              onChange={(event) => setWhose(event.target.value)}
              className="min-w-0 rounded-lg border border-border bg-background px-2 py-1.5"
            >
              <option value="me">{t("whoseMe")}</option>
              <option value="all">{t("whoseAll")}</option>
              {colleagues
                ?.filter((person) => person.id !== viewerId)
                .map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              {formerColleague && (
                <option value={formerColleague.id}>
                  {t("whoseDeactivated", { name: formerColleague.name })}
                </option>
              )}
            </select>
          </label>
        )}
      </div>
      {query.isPending ? (
        <p className="text-sm text-muted">{t("loading")}</p>
      ) : query.isError ? (
        <div role="alert" className="space-y-2">
          <p>{t("loadFailed")}</p>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : meetings.length === 0 ? (
        <p className="text-muted">{t(`empty.${span}`)}</p>
      ) : (
        <>
          {query.data?.truncated && (
            <p role="status" className="text-sm font-medium" data-testid="meetings-truncated">
              {t("truncated", { count: meetings.length })}
            </p>
          )}
          <MeetingList
            meetings={meetings}
            now={now.getTime()}
            showHost={whose === "all"}
            colleagues={colleagues}
          />
        </>
      )}
    </section>
  );
}
