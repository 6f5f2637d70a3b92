"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-styles";
import { showToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/http/api-client";
import type { AvailabilityDto } from "@/lib/meetings/staff-meetings.schema";
import { useSaveAvailability } from "./staff-meetings-queries";

/** The connection's fields, each showing its own error under it. */
const CALENDAR_FIELDS = ["url", "username", "password"] as const;
const SHOWN_FIELDS = CALENDAR_FIELDS.map((name) => `caldav.${name}`);

/**
 * The CalDAV calendar whose busy times no visitor may book over: connect it (address, user name, password),
 * see when it was last read or since when it could not be, and disconnect it. The saved hours go along
 * unchanged, as the API replaces them with every save.
 */
export function CalendarConnection({
  saved,
  account,
}: {
  saved: AvailabilityDto;
  account?: string;
}) {
  const t = useTranslations("Meetings.calendar");
  const format = useFormatter();
  const save = useSaveAvailability(account);
  const [url, setUrl] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const hours = { time_zone: saved.time_zone, weekly: saved.weekly, days_off: saved.days_off };
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const send = (caldav: { url: string; username: string; password: string } | null) => {
    setErrors({});
    save.mutate(
      { ...hours, caldav },
      {
        onSuccess: () => {
          setPassword("");
          showToast(caldav ? t("connectedToast") : t("disconnectedToast"), { tone: "success" });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          // Said beside its field already (a private address), it is not said twice.
          if (error instanceof ApiError && error.repeatsMessageOf(SHOWN_FIELDS)) return;
          showToast(error instanceof ApiError ? error.message : t("saveFailed"), { tone: "error" });
        },
      },
    );
  };
  const connect = (event: FormEvent) => {
    event.preventDefault();
    send({ url: url.trim(), username, password });
  };
  const fieldError = (name: (typeof CALENDAR_FIELDS)[number]) =>
    errors[`caldav.${name}`]?.[0] && (
      <span role="alert" className="block text-sm text-red-700 dark:text-red-300">
        {errors[`caldav.${name}`]![0]}
      </span>
    );

  const calendar = saved.caldav;
  return (
    <section
      aria-labelledby="calendar-title"
      className="space-y-3 rounded-xl border border-border p-4"
      data-testid="calendar-connection"
    >
      <h2 id="calendar-title" className="text-sm font-semibold">
        {t("title")}
      </h2>
      {calendar ? (
        <>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="text-muted">{t("address")}</dt>
            <dd className="min-w-0 break-all">{calendar.url}</dd>
            <dt className="text-muted">{t("username")}</dt>
            <dd className="min-w-0 break-all">{calendar.username}</dd>
          </dl>
          {calendar.failing_since ? (
            <div
              role="alert"
              className="space-y-1 rounded-lg border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
              data-testid="calendar-warning"
            >
              <p className="font-medium">
                {t("failingSince", { when: when(calendar.failing_since) })}{" "}
                {t(`reasons.${calendar.error ?? "unreachable"}`)}
              </p>
              <p>
                {calendar.read_at
                  ? t("failingKeeps", { when: when(calendar.read_at) })
                  : t("failingHours")}
              </p>
            </div>
          ) : calendar.read_at ? (
            <p role="status" className="text-sm" data-testid="calendar-status">
              {t("readAt", { when: when(calendar.read_at) })}
            </p>
          ) : (
            <p role="status" className="text-sm text-muted" data-testid="calendar-status">
              {t("pending")}
            </p>
          )}
          <Button size="sm" variant="secondary" isBusy={save.isPending} onClick={() => send(null)}>
            {t("disconnect")}
          </Button>
        </>
      ) : (
        <form onSubmit={connect} className="space-y-3">
          <p className="text-sm text-muted">{t("intro")}</p>
          <label className="block space-y-1 text-sm">
            <span className="block font-medium">{t("address")}</span>
            <input
              type="url"
              required
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://"
              autoComplete="url"
              inputMode="url"
              aria-invalid={errors["caldav.url"] ? true : undefined}
              className={CONTROL_CLASS}
            />
            {fieldError("url")}
          </label>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block space-y-1 text-sm">
              <span className="block font-medium">{t("username")}</span>
              <input
                required
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                autoComplete="off"
                aria-invalid={errors["caldav.username"] ? true : undefined}
                className={CONTROL_CLASS}
              />
              {fieldError("username")}
            </label>
            <label className="block space-y-1 text-sm">
              <span className="block font-medium">{t("password")}</span>
              <input
                type="password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="new-password"
                aria-invalid={errors["caldav.password"] ? true : undefined}
                className={CONTROL_CLASS}
              />
              {fieldError("password")}
            </label>
          </div>
          <p className="text-xs text-muted">{t("privacy")}</p>
          <Button type="submit" size="sm" isBusy={save.isPending}>
            {t("connect")}
          </Button>
        </form>
      )}
    </section>
  );
}
