"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-styles";
import { showToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/http/api-client";
import type { AvailabilityDto } from "@/lib/meetings/staff-meetings.schema";
import { CalendarConnection } from "./calendar-connection";
import { meetingQueries, useSaveAvailability } from "./staff-meetings-queries";

/** Monday first, as the booking page's calendar; `day` stays 0 = Sunday … 6 = Saturday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

interface Period {
  key: number;
  day: number;
  start: string;
  end: string;
}

/** The zones this browser knows, with the chosen one kept even when it is missing from the list. */
function zonesWith(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}

/** Working hours for meetings: the zone, the periods of each weekday, and days off. */
export function AvailabilityForm({ account }: { account?: string }) {
  const t = useTranslations("Meetings");
  const query = useQuery({
    ...meetingQueries.availability(account),
    // A calendar just connected is read by the queue within moments: ask again until it has been.
    refetchInterval: (current) => {
      const calendar = current.state.data?.caldav;
      return calendar && !calendar.read_at && !calendar.failing_since ? 3000 : false;
    },
  });
  if (query.isPending) return <p className="text-sm text-muted">{t("loading")}</p>;
  if (query.isError)
    return (
      <div role="alert" className="space-y-2">
        <p>{query.error instanceof ApiError ? query.error.message : t("loadFailed")}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  // Keyed by the stored hours, so a save (or another account) starts the form afresh; news of the
  // calendar alone leaves hours being edited as they are.
  const hours = {
    time_zone: query.data.time_zone,
    weekly: query.data.weekly,
    days_off: query.data.days_off,
    is_default: query.data.is_default,
  };
  return (
    <div className="space-y-8">
      <AvailabilityEditor key={JSON.stringify(hours)} saved={query.data} account={account} />
      <CalendarConnection saved={query.data} account={account} />
    </div>
  );
}

function AvailabilityEditor({ saved, account }: { saved: AvailabilityDto; account?: string }) {
  const t = useTranslations("Meetings");
  const format = useFormatter();
  const save = useSaveAvailability(account);
  const [timeZone, setTimeZone] = useState(saved.time_zone);
  const [periods, setPeriods] = useState<Period[]>(() =>
    saved.weekly.map((period, key) => ({ key, ...period })),
  );
  const [daysOff, setDaysOff] = useState<string[]>(saved.days_off);
  const [newDayOff, setNewDayOff] = useState("");
  const [nextKey, setNextKey] = useState(saved.weekly.length);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const change = (key: number, patch: Partial<Period>) =>
    setPeriods((list) =>
      list.map((period) => (period.key === key ? { ...period, ...patch } : period)),
    );
  const add = (day: number) => {
    setPeriods((list) => [...list, { key: nextKey, day, start: "09:00", end: "17:00" }]);
    setNextKey((key) => key + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const weekly = periods.map(({ day, start, end }) => ({ day, start, end }));
    save.mutate(
      { time_zone: timeZone, weekly, days_off: daysOff },
      {
        onSuccess: () => showToast(t("availability.saved"), { tone: "success" }),
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          showToast(error instanceof ApiError ? error.message : t("saveFailed"), { tone: "error" });
        },
      },
    );
  };
  // A field's error by the index the server names (weekly.3.start) for the period at that index.
  const periodError = (index: number) =>
    Object.entries(errors)
      .filter(([field]) => field.startsWith(`weekly.${index}.`) || field === `weekly.${index}`)
      .flatMap(([, messages]) => messages)[0];

  return (
    <form onSubmit={submit} className="space-y-6" aria-describedby="availability-intro">
      <p id="availability-intro" className="text-sm text-muted">
        {saved.is_default ? t("availability.defaultNote") : t("availability.intro")}
      </p>
      <div className="max-w-sm space-y-1.5">
        <label htmlFor="availability-zone" className="block text-sm font-medium">
          {t("availability.timeZone")}
        </label>
        <select
          id="availability-zone"
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
          className={CONTROL_CLASS}
          aria-invalid={errors.time_zone ? true : undefined}
        >
          {zonesWith(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{t("availability.weekly")}</legend>
        <ul className="space-y-3">
          {WEEK.map((day) => {
            const ofDay = periods
              .map((period, index) => ({ period, index }))
              .filter(({ period }) => period.day === day);
            return (
              <li key={day} className="rounded-xl border border-border p-3" data-weekday={day}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{t(`weekdays.${day}`)}</p>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => add(day)}
                    aria-label={t("availability.addPeriodOn", { day: t(`weekdays.${day}`) })}
                  >
                    {t("availability.addPeriod")}
                  </Button>
                </div>
                {ofDay.length === 0 ? (
                  <p className="text-sm text-muted">{t("availability.dayClosed")}</p>
                ) : (
                  <ul className="mt-2 space-y-2">
                    {ofDay.map(({ period, index }) => {
                      const error = periodError(index);
                      return (
                        <li key={period.key} className="flex flex-wrap items-end gap-2">
                          <label className="text-sm">
                            <span className="block">{t("availability.from")}</span>
                            <input
                              type="time"
                              required
                              value={period.start}
                              onChange={(event) =>
                                change(period.key, { start: event.target.value })
                              }
                              aria-invalid={error ? true : undefined}
                              className={`${CONTROL_CLASS} w-32`}
                            />
                          </label>
                          <label className="text-sm">
                            <span className="block">{t("availability.to")}</span>
                            <input
                              type="time"
                              required
                              value={period.end}
                              onChange={(event) => change(period.key, { end: event.target.value })}
                              aria-invalid={error ? true : undefined}
                              className={`${CONTROL_CLASS} w-32`}
                            />
                          </label>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() =>
                              setPeriods((list) => list.filter((item) => item.key !== period.key))
                            }
                          >
                            {t("availability.remove")}
                          </Button>
                          {error && (
                            <p
                              role="alert"
                              className="w-full text-sm text-red-700 dark:text-red-300"
                            >
                              {error}
                            </p>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{t("availability.daysOff")}</legend>
        {daysOff.length === 0 ? (
          <p className="text-sm text-muted">{t("availability.noDaysOff")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {daysOff.map((day) => (
              <li
                key={day}
                className="flex items-center gap-2 rounded-full border border-border py-1 pr-1 pl-3 text-sm"
              >
                <time dateTime={day}>
                  {format.dateTime(new Date(`${day}T12:00:00Z`), {
                    dateStyle: "medium",
                    timeZone: "UTC",
                  })}
                </time>
                <button
                  type="button"
                  onClick={() => setDaysOff((list) => list.filter((item) => item !== day))}
                  className="min-h-8 rounded-full px-2 hover:bg-surface"
                  aria-label={t("availability.removeDayOff", { day })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="block">{t("availability.dayOffLabel")}</span>
            <input
              type="date"
              value={newDayOff}
              onChange={(event) => setNewDayOff(event.target.value)}
              className={`${CONTROL_CLASS} w-44`}
            />
          </label>
          <Button
            size="sm"
            variant="secondary"
            disabled={!newDayOff}
            onClick={() => {
              if (newDayOff && !daysOff.includes(newDayOff))
                setDaysOff((list) => [...list, newDayOff].sort());
              setNewDayOff("");
            }}
          >
            {t("availability.addDayOff")}
          </Button>
        </div>
      </fieldset>

      <Button type="submit" isBusy={save.isPending}>
        {t("availability.save")}
      </Button>
    </form>
  );
}
