"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MeetingList } from "./meeting-list";
import { MEETING_SPANS, type MeetingSpan } from "./meeting-spans";
import { meetingQueries } from "./staff-meetings-queries";

const SPANS = MEETING_SPANS;
type Span = MeetingSpan;
const DAY_MS = 86_400_000;

/** Local midnight of the day `offset` days from `now`, in the viewer's zone. */
function midnight(now: Date, offset = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
}

/** The instants a span covers, in the viewer's own calendar (the week runs Monday to Sunday). */
function rangeOf(span: Span, now: Date): { from: string; to: string } {
  const iso = (date: Date) => date.toISOString();
  switch (span) {
    case "today":
      return { from: iso(midnight(now)), to: iso(midnight(now, 1)) };
    case "week": {
      const sinceMonday = (now.getDay() + 6) % 7;
      return { from: iso(midnight(now, -sinceMonday)), to: iso(midnight(now, 7 - sinceMonday)) };
    }
    case "upcoming":
      return { from: iso(now), to: iso(new Date(now.getTime() + 60 * DAY_MS)) };
    case "past":
      return { from: iso(new Date(now.getTime() - 60 * DAY_MS)), to: iso(now) };
  }
}

/** "My meetings": a span at a time; managers and owners may look at everyone's. */
export function MyMeetings({
  mayViewEveryone,
  initialSpan = "week",
  initialWhose = "me",
  colleagues,
}: {
  mayViewEveryone: boolean;
  /** From the address (?span=, ?whose=), so another page can link to a view. */
  initialSpan?: Span;
  initialWhose?: "me" | "all";
  /** Managers and owners: the active accounts a meeting whose host has left can be handed to. */
  colleagues?: { id: string; name: string }[];
}) {
  const t = useTranslations("Meetings");
  const [span, setSpan] = useState<Span>(initialSpan);
  const [whose, setWhose] = useState<"me" | "all">(mayViewEveryone ? initialWhose : "me");
  // The clock is read once per span chosen, so the query key (and the cache) stays put between renders.
  const [now, setNow] = useState(() => new Date());
  const range = rangeOf(span, now);
  const query = useQuery(meetingQueries.list({ host: whose, ...range }));
  const listed = query.data?.data ?? [];
  const meetings = span === "past" ? [...listed].reverse() : listed;

  return (
    <section aria-labelledby="my-meetings-list" className="space-y-4">
      <h2 id="my-meetings-list" className="sr-only">
        {t("listTitle")}
      </h2>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("spanLabel")}>
        {SPANS.map((item) => (
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
          <label className="ml-auto flex items-center gap-2 text-sm">
            <span>{t("whose")}</span>
            <select
              value={whose}
              onChange={(event) => setWhose(event.target.value as "me" | "all")}
              className="rounded-lg border border-border bg-background px-2 py-1.5"
            >
              <option value="me">{t("whoseMe")}</option>
              <option value="all">{t("whoseAll")}</option>
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
