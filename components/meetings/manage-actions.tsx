"use client";

import { useState } from "react";
import { ApiError } from "@/lib/http/api-client";
import { cancelMeeting, rescheduleMeeting } from "./meetings-api";
import { useVisitorTimeZone, SlotPicker, type SlotPickerTexts } from "./slot-picker";

export interface ManageTexts extends SlotPickerTexts {
  cancel: string;
  cancelling: string;
  cancelled: string;
  reschedule: string;
  rescheduleSubmit: string;
  moved: string;
  taken: string;
  failed: string;
  chooseTimeFirst: string;
}

const button =
  "inline-flex min-h-11 items-center justify-center rounded-full px-5 py-2.5 font-semibold transition disabled:opacity-60";

/** Cancel, or move to another free time: each spends the link (a move mails a new one). */
export function ManageActions({
  token,
  type,
  locale,
  hostName,
  texts,
}: {
  token: string;
  type: string;
  locale: "es" | "en";
  hostName: string;
  texts: ManageTexts;
}) {
  const [timeZone, setTimeZone] = useVisitorTimeZone("Europe/Madrid");
  const [isPicking, setIsPicking] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

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

  const explain = (error: unknown) =>
    error instanceof ApiError && !error.isNetworkFailure
      ? texts.failed.replace("{message}", error.message)
      : texts.networkFailed;

  async function onCancel() {
    setBusy(true);
    setMessage(null);
    try {
      await cancelMeeting(token);
      setDone(texts.cancelled.replace("{host}", hostName));
    } catch (error) {
      setMessage(explain(error));
    }
    setBusy(false);
  }

  async function onMove() {
    if (!selected) {
      setMessage(texts.chooseTimeFirst);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const moved = await rescheduleMeeting(token, selected);
      setDone(texts.moved.replace("{when}", when(moved.start)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setMessage(texts.taken);
        setSelected(null);
        setRefreshKey((key) => key + 1);
      } else setMessage(explain(error));
    }
    setBusy(false);
  }

  if (done)
    return (
      <p role="status" className="rounded-2xl border border-border bg-surface p-5 font-medium">
        {done}
      </p>
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className={`${button} border border-border hover:bg-surface-strong`}
        >
          {busy && !isPicking ? texts.cancelling : texts.cancel}
        </button>
        {!isPicking && (
          <button
            type="button"
            onClick={() => setIsPicking(true)}
            className={`${button} bg-accent text-on-accent hover:brightness-110`}
          >
            {texts.reschedule}
          </button>
        )}
      </div>
      {isPicking && (
        <section className="space-y-4" aria-label={texts.reschedule}>
          <SlotPicker
            type={type}
            locale={locale}
            texts={texts}
            selected={selected}
            onSelect={(start) => setSelected(start)}
            refreshKey={refreshKey}
            timeZone={timeZone}
            onTimeZoneChange={(zone) => {
              setTimeZone(zone);
              setSelected(null);
            }}
          />
          <button
            type="button"
            onClick={onMove}
            disabled={busy}
            className={`${button} w-full bg-accent text-on-accent hover:brightness-110 sm:w-auto`}
          >
            {texts.rescheduleSubmit}
          </button>
        </section>
      )}
      {message && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
    </div>
  );
}
