"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/http/api-client";
import { trackedVisit } from "@/lib/analytics/tracker/visit";
import { bookMeeting, type SlotDto } from "./meetings-api";
import { useVisitorTimeZone, SlotPicker, type SlotPickerTexts } from "./slot-picker";

export interface BookingFormTexts extends SlotPickerTexts {
  step1: string;
  step2: string;
  selected: string;
  name: string;
  email: string;
  company: string;
  notes: string;
  submit: string;
  sending: string;
  chooseTimeFirst: string;
  taken: string;
  failed: string;
}

const DEFAULT_ZONE = "Europe/Madrid";
const field = "mt-1 block w-full rounded-lg border border-border bg-background px-3 py-2 text-base";

/** Pick a time, give a name and e-mail, book; the confirmation page shows the booking after. */
export function BookingForm({
  type,
  locale,
  texts,
  confirmationPath,
}: {
  type: string;
  locale: "es" | "en";
  texts: BookingFormTexts;
  /** The confirmation page in the visitor's language; the booking's reference is added as ?id=. */
  confirmationPath: string;
}) {
  const router = useRouter();
  const [timeZone, setTimeZone] = useVisitorTimeZone(DEFAULT_ZONE);
  const [selected, setSelected] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [isSending, setIsSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [nextTimes, setNextTimes] = useState<SlotDto[]>([]);

  const when = (start: string) =>
    new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", {
      weekday: "long",
      day: "numeric",
      month: "long",
      hour: "2-digit",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    }).format(new Date(start));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selected) {
      setMessage(texts.chooseTimeFirst);
      return;
    }
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    setIsSending(true);
    setMessage(null);
    setFieldErrors({});
    try {
      const booked = await bookMeeting({
        type,
        start: selected,
        name: text("name"),
        email: text("email"),
        company: text("company") || undefined,
        notes: text("notes") || undefined,
        lang: locale,
        time_zone: timeZone,
        ...(trackedVisit().visitor_id ? { visitor_id: trackedVisit().visitor_id } : {}),
      });
      router.push(`${confirmationPath}?id=${encodeURIComponent(booked.id)}`);
      return;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const next = (error.body as { next?: SlotDto[] } | undefined)?.next ?? [];
        setNextTimes(next);
        setSelected(null);
        setRefreshKey((key) => key + 1);
        setMessage(texts.taken);
      } else if (error instanceof ApiError && !error.isNetworkFailure) {
        setFieldErrors(error.fields ?? {});
        setMessage(texts.failed.replace("{message}", error.message));
      } else {
        setMessage(texts.networkFailed);
      }
    }
    setIsSending(false);
  }

  const errorOf = (name: string) =>
    fieldErrors[name]?.length ? (
      <span className="mt-1 block text-sm text-red-700 dark:text-red-300">
        {fieldErrors[name]!.join(" ")}
      </span>
    ) : null;

  return (
    <form onSubmit={onSubmit} className="grid gap-8 lg:grid-cols-[1.2fr_1fr]" noValidate={false}>
      <section aria-labelledby="booking-step-1" className="min-w-0">
        <h2 id="booking-step-1" className="mb-4 font-display text-xl font-semibold">
          {texts.step1}
        </h2>
        <SlotPicker
          type={type}
          locale={locale}
          texts={texts}
          selected={selected}
          onSelect={(start) => {
            setSelected(start);
            setMessage(null);
          }}
          refreshKey={refreshKey}
          timeZone={timeZone}
          onTimeZoneChange={(zone) => {
            setTimeZone(zone);
            setSelected(null);
          }}
        />
      </section>

      <section aria-labelledby="booking-step-2" className="min-w-0 space-y-4">
        <h2 id="booking-step-2" className="font-display text-xl font-semibold">
          {texts.step2}
        </h2>
        <p className="text-sm font-medium" aria-live="polite" data-testid="selected-time">
          {selected ? texts.selected.replace("{when}", when(selected)) : texts.chooseTimeFirst}
        </p>
        <label className="block text-sm font-medium">
          {texts.name}
          <input name="name" required maxLength={120} autoComplete="name" className={field} />
          {errorOf("name")}
        </label>
        <label className="block text-sm font-medium">
          {texts.email}
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            className={field}
          />
          {errorOf("email")}
        </label>
        <label className="block text-sm font-medium">
          {texts.company}
          <input name="company" maxLength={160} autoComplete="organization" className={field} />
        </label>
        <label className="block text-sm font-medium">
          {texts.notes}
          <textarea name="notes" maxLength={2000} rows={3} className={field} />
        </label>
        {message && (
          <div
            role="alert"
            className="space-y-2 text-sm font-medium text-red-700 dark:text-red-300"
          >
            <p>{message}</p>
            {nextTimes.length > 0 && (
              <ul className="flex flex-wrap gap-2">
                {nextTimes.map((slot) => (
                  <li key={slot.start}>
                    <button
                      type="button"
                      className="min-h-11 rounded-lg border border-border px-3 text-foreground"
                      onClick={() => {
                        setSelected(slot.start);
                        setMessage(null);
                        setNextTimes([]);
                      }}
                    >
                      {when(slot.start)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <button
          type="submit"
          disabled={isSending}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent transition hover:brightness-110 disabled:opacity-60 sm:w-auto"
        >
          {isSending ? texts.sending : texts.submit}
        </button>
      </section>
    </form>
  );
}
