"use client";

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { fetchSlots, type SlotDto } from "./meetings-api";

export interface SlotPickerTexts {
  timeZone: string;
  previousMonth: string;
  nextMonth: string;
  /** Seven short weekday names, Monday first, comma-separated. */
  weekdays: string;
  loading: string;
  noTimesMonth: string;
  chooseDay: string;
  /** "Free times on {date}" */
  timesOn: string;
  networkFailed: string;
}

interface SlotPickerProps {
  type: string;
  locale: "es" | "en";
  texts: SlotPickerTexts;
  selected: string | null;
  onSelect: (start: string, timeZone: string) => void;
  /** Changing it fetches the month again (after a time was taken). */
  refreshKey?: number;
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
}

const pad = (value: number) => String(value).padStart(2, "0");
const dayKey = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);

/** The zone this browser is in, when it says one we can use. */
function detectedTimeZone(fallback: string): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
  } catch {
    return fallback;
  }
}

const noSubscription = () => () => {};

/**
 * The visitor's time zone: the server renders `fallback`, the browser then reads its own; a choice in the
 * picker's list wins over both.
 */
export function useVisitorTimeZone(fallback: string) {
  const detected = useSyncExternalStore(
    noSubscription,
    () => detectedTimeZone(fallback),
    () => fallback,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  return [chosen ?? detected, setChosen] as const;
}

function zoneChoices(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

/** A month of days (Monday first) and the free times of the chosen day, in the visitor's time zone. */
export function SlotPicker({
  type,
  locale,
  texts,
  selected,
  onSelect,
  refreshKey = 0,
  timeZone,
  onTimeZoneChange,
}: SlotPickerProps) {
  const [month, setMonth] = useState(() => dayKey(new Date(), timeZone).slice(0, 7));
  // What the last answer was for: while it is not the month and zone on screen, the times are loading.
  const [loaded, setLoaded] = useState<{ key: string; slots: SlotDto[]; error: string | null }>({
    key: "",
    slots: [],
    error: null,
  });
  const [day, setDay] = useState<string | null>(null);
  const intlLocale = locale === "es" ? "es-ES" : "en-GB";
  const requestKey = `${type}|${month}|${timeZone}|${refreshKey}`;
  const slots = loaded.key === requestKey && !loaded.error ? loaded.slots : null;
  const error = loaded.key === requestKey ? loaded.error : null;

  useEffect(() => {
    let isCurrent = true;
    const [year, monthNumber] = month.split("-").map(Number) as [number, number];
    const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
    fetchSlots(type, `${month}-01`, `${month}-${pad(last)}`, timeZone).then(
      (answer) => {
        if (!isCurrent) return;
        setLoaded({ key: requestKey, slots: answer.slots, error: null });
        setDay((current) => {
          const days = new Set(answer.slots.map((slot) => dayKey(new Date(slot.start), timeZone)));
          return current && days.has(current) ? current : (days.values().next().value ?? null);
        });
      },
      () => {
        if (isCurrent) setLoaded({ key: requestKey, slots: [], error: texts.networkFailed });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [type, month, timeZone, requestKey, texts.networkFailed]);

  const byDay = useMemo(() => {
    const map = new Map<string, SlotDto[]>();
    for (const slot of slots ?? []) {
      const key = dayKey(new Date(slot.start), timeZone);
      map.set(key, [...(map.get(key) ?? []), slot]);
    }
    return map;
  }, [slots, timeZone]);

  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const leadingBlanks = (new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay() + 6) % 7;
  const today = dayKey(new Date(), timeZone);
  const thisMonth = today.slice(0, 7);
  const shiftMonth = (by: number) => {
    const moved = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
    setMonth(`${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}`);
  };
  const monthTitle = new Intl.DateTimeFormat(intlLocale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, monthNumber - 1, 15)));
  const dateLabel = (key: string) =>
    new Intl.DateTimeFormat(intlLocale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    }).format(new Date(`${key}T12:00:00Z`));
  const clock = new Intl.DateTimeFormat(intlLocale, {
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
  const times = day ? (byDay.get(day) ?? []) : [];
  const weekdays = texts.weekdays.split(",");

  return (
    <div className="space-y-5">
      <label className="block text-sm font-medium">
        {texts.timeZone}
        <select
          className="mt-1 block w-full max-w-full rounded-lg border border-border bg-background px-3 py-2"
          value={timeZone}
          onChange={(event) => onTimeZoneChange(event.target.value)}
          data-testid="time-zone"
        >
          {zoneChoices(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </label>

      <div>
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            className="min-h-11 min-w-11 rounded-full border border-border px-3 disabled:opacity-40"
            onClick={() => shiftMonth(-1)}
            disabled={month <= thisMonth}
            aria-label={texts.previousMonth}
          >
            ‹
          </button>
          <h3
            className="font-display text-lg font-semibold first-letter:uppercase"
            aria-live="polite"
          >
            {monthTitle}
          </h3>
          <button
            type="button"
            className="min-h-11 min-w-11 rounded-full border border-border px-3"
            onClick={() => shiftMonth(1)}
            aria-label={texts.nextMonth}
          >
            ›
          </button>
        </div>
        <div
          className="mt-3 grid grid-cols-7 gap-1 text-center"
          role="group"
          aria-label={monthTitle}
        >
          {weekdays.map((name) => (
            <span key={name} className="text-xs font-semibold text-muted" aria-hidden="true">
              {name}
            </span>
          ))}
          {Array.from({ length: leadingBlanks }, (_, index) => (
            <span key={`blank-${index}`} />
          ))}
          {Array.from({ length: daysInMonth }, (_, index) => {
            const key = `${month}-${pad(index + 1)}`;
            const hasTimes = byDay.has(key);
            const isChosen = key === day;
            return (
              <button
                key={key}
                type="button"
                disabled={!hasTimes}
                aria-pressed={isChosen}
                aria-label={dateLabel(key)}
                onClick={() => setDay(key)}
                data-testid={hasTimes ? "free-day" : undefined}
                className={`min-h-11 rounded-lg text-sm font-medium transition disabled:text-muted disabled:opacity-40 ${
                  isChosen
                    ? "bg-accent text-on-accent"
                    : hasTimes
                      ? "border border-highlight hover:bg-surface-strong"
                      : ""
                }`}
              >
                {index + 1}
              </button>
            );
          })}
        </div>
      </div>

      <div aria-live="polite">
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : slots === null ? (
          <p className="text-sm text-muted">{texts.loading}</p>
        ) : slots.length === 0 ? (
          <p className="text-sm text-muted">{texts.noTimesMonth}</p>
        ) : !day ? (
          <p className="text-sm text-muted">{texts.chooseDay}</p>
        ) : (
          <fieldset>
            <legend className="text-sm font-semibold">
              {texts.timesOn.replace("{date}", dateLabel(day))}
            </legend>
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
              {times.map((slot) => (
                <button
                  key={slot.start}
                  type="button"
                  aria-pressed={selected === slot.start}
                  onClick={() => onSelect(slot.start, timeZone)}
                  data-testid="free-time"
                  className={`min-h-11 rounded-lg border px-2 text-sm font-medium ${
                    selected === slot.start
                      ? "border-accent bg-accent text-on-accent"
                      : "border-border hover:border-highlight"
                  }`}
                >
                  {clock.format(new Date(slot.start))}
                </button>
              ))}
            </div>
          </fieldset>
        )}
      </div>
    </div>
  );
}
