"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-styles";
import { showToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/http/api-client";
import type { MeetingTypeAdminDto } from "@/lib/meetings/staff-meetings.schema";
import { meetingQueries, useSaveMeetingType } from "./staff-meetings-queries";

export interface HostChoice {
  id: string;
  name: string;
  /** A deactivated account still named by a type: shown as such, to keep or take off. */
  active: boolean;
}

type Draft = Omit<MeetingTypeAdminDto, "id">;
const EMPTY: Draft = {
  slug: "",
  title_es: "",
  title_en: "",
  description_es: "",
  description_en: "",
  duration_minutes: 30,
  buffer_before_minutes: 0,
  buffer_after_minutes: 10,
  min_notice_minutes: 240,
  horizon_days: 60,
  host_ids: [],
  active: true,
  position: 0,
};
const TEXTS = ["title_es", "title_en", "description_es", "description_en"] as const;
const NUMBERS = [
  "duration_minutes",
  "buffer_before_minutes",
  "buffer_after_minutes",
  "min_notice_minutes",
  "horizon_days",
  "position",
] as const;

/** Meeting types for managers and owners: each one's settings, and a form to add another. */
export function MeetingTypesManager({ hosts }: { hosts: HostChoice[] }) {
  const t = useTranslations("Meetings");
  const query = useQuery(meetingQueries.types());
  const [isAdding, setIsAdding] = useState(false);
  if (query.isPending) return <p className="text-sm text-muted">{t("loading")}</p>;
  if (query.isError)
    return (
      <div role="alert" className="space-y-2">
        <p>{t("loadFailed")}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {query.data.map((type) => (
          <li key={type.id}>
            <TypeCard type={type} hosts={hosts} />
          </li>
        ))}
      </ul>
      {isAdding ? (
        <section
          aria-labelledby="meeting-type-new"
          className="rounded-xl border border-border bg-background p-4"
        >
          <h2 id="meeting-type-new" className="mb-3 font-semibold">
            {t("types.newTitle")}
          </h2>
          <TypeForm
            initial={EMPTY}
            hosts={hosts}
            onDone={() => setIsAdding(false)}
            onCancel={() => setIsAdding(false)}
          />
        </section>
      ) : (
        <Button onClick={() => setIsAdding(true)}>{t("types.add")}</Button>
      )}
    </div>
  );
}

function TypeCard({ type, hosts }: { type: MeetingTypeAdminDto; hosts: HostChoice[] }) {
  const t = useTranslations("Meetings");
  const locale = useLocale();
  const [isEditing, setIsEditing] = useState(false);
  const named = type.host_ids
    .map((id) => hosts.find((host) => host.id === id))
    .filter((host): host is HostChoice => !!host);
  const hostNames = named.map((host) => hostLabel(host, t)).join(", ");
  // Naming only deactivated accounts leaves nobody to take the calls: visitors are not offered the type.
  const hasNoActiveHost = type.host_ids.length > 0 && !named.some((host) => host.active);
  return (
    <article
      className="rounded-xl border border-border bg-background p-4"
      data-meeting-type={type.slug}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words">
            {type.title_es} · {type.title_en}
          </h2>
          <p className="text-sm break-all text-muted">/book/{type.slug}</p>
        </div>
        <p className="text-sm font-medium">
          {!type.active
            ? t("types.inactive")
            : hasNoActiveHost
              ? t("types.noHostStatus")
              : t("types.active")}
        </p>
      </div>
      <p className="mt-2 text-sm">
        {t("types.summary", {
          duration: type.duration_minutes,
          before: type.buffer_before_minutes,
          after: type.buffer_after_minutes,
          notice: type.min_notice_minutes,
          horizon: type.horizon_days,
        })}
      </p>
      <p className="text-sm break-words text-muted">
        {hostNames ? t("types.hostsNamed", { names: hostNames }) : t("types.hostsDefault")}
      </p>
      {hasNoActiveHost && type.active && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
          {t("types.noActiveHost")}
        </p>
      )}
      {isEditing ? (
        <div className="mt-4">
          <TypeForm
            id={type.id}
            initial={type}
            hosts={hosts}
            onDone={() => setIsEditing(false)}
            onCancel={() => setIsEditing(false)}
          />
        </div>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          className="mt-3"
          onClick={() => setIsEditing(true)}
          aria-label={t("types.editNamed", {
            title: locale === "es" ? type.title_es : type.title_en,
          })}
        >
          {t("types.edit")}
        </Button>
      )}
    </article>
  );
}

const hostLabel = (host: HostChoice, t: ReturnType<typeof useTranslations<"Meetings">>) =>
  host.active ? host.name : t("types.hostDeactivated", { name: host.name });

function TypeForm({
  id,
  initial,
  hosts,
  onDone,
  onCancel,
}: {
  id?: string;
  initial: Draft;
  hosts: HostChoice[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("Meetings");
  const prefix = useId();
  const save = useSaveMeetingType();
  const [draft, setDraft] = useState<Draft>(() => ({ ...initial }));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fieldId = (name: string) => `${prefix}-${name}`;
  // Active accounts, and the deactivated ones this type already named (so they can be taken off).
  const choices = hosts.filter((host) => host.active || initial.host_ids.includes(host.id));
  const errorOf = (name: string) => errors[name]?.[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = {
      slug: draft.slug,
      title_es: draft.title_es,
      title_en: draft.title_en,
      description_es: draft.description_es,
      description_en: draft.description_en,
      duration_minutes: draft.duration_minutes,
      buffer_before_minutes: draft.buffer_before_minutes,
      buffer_after_minutes: draft.buffer_after_minutes,
      min_notice_minutes: draft.min_notice_minutes,
      horizon_days: draft.horizon_days,
      host_ids: draft.host_ids,
      active: draft.active,
      position: draft.position,
    };
    save.mutate(id ? { id, patch: body } : { create: body }, {
      onSuccess: () => {
        showToast(t("types.saved"), { tone: "success" });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        // A taken address or a host who cannot be added is said beside its field, not again in a toast.
        if (error instanceof ApiError && error.repeatsMessageOf(["slug", "host_ids"])) return;
        showToast(error instanceof ApiError ? error.message : t("saveFailed"), { tone: "error" });
      },
    });
  };

  const errorLine = (name: string) =>
    errorOf(name) && (
      <p id={`${fieldId(name)}-error`} className="text-sm text-red-700 dark:text-red-300">
        {errorOf(name)}
      </p>
    );

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={fieldId("slug")} className="block text-sm font-medium">
          {t("types.fields.slug")}
        </label>
        <input
          id={fieldId("slug")}
          value={draft.slug}
          required
          onChange={(event) => set("slug", event.target.value)}
          aria-invalid={errorOf("slug") ? true : undefined}
          aria-describedby={`${fieldId("slug")}-hint`}
          className={CONTROL_CLASS}
        />
        <p id={`${fieldId("slug")}-hint`} className="text-xs text-muted">
          {t("types.slugHint")}
        </p>
        {errorLine("slug")}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {TEXTS.map((name) => (
          <div key={name} className="space-y-1.5">
            <label htmlFor={fieldId(name)} className="block text-sm font-medium">
              {t(`types.fields.${name}`)}
            </label>
            {name.startsWith("title") ? (
              <input
                id={fieldId(name)}
                value={draft[name]}
                required
                onChange={(event) => set(name, event.target.value)}
                aria-invalid={errorOf(name) ? true : undefined}
                className={CONTROL_CLASS}
              />
            ) : (
              <textarea
                id={fieldId(name)}
                value={draft[name]}
                rows={3}
                onChange={(event) => set(name, event.target.value)}
                aria-invalid={errorOf(name) ? true : undefined}
                className={CONTROL_CLASS}
              />
            )}
            {errorLine(name)}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {NUMBERS.map((name) => (
          <div key={name} className="space-y-1.5">
            <label htmlFor={fieldId(name)} className="block text-sm font-medium">
              {t(`types.fields.${name}`)}
            </label>
            <input
              id={fieldId(name)}
              type="number"
              inputMode="numeric"
              min={0}
              required
              value={Number.isFinite(draft[name]) ? draft[name] : ""}
              onChange={(event) => set(name, event.target.valueAsNumber)}
              aria-invalid={errorOf(name) ? true : undefined}
              className={CONTROL_CLASS}
            />
            {errorLine(name)}
          </div>
        ))}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("types.fields.host_ids")}</legend>
        <p className="text-xs text-muted">{t("types.hostsHint")}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {choices.map((host) => (
            <label key={host.id} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.host_ids.includes(host.id)}
                onChange={(event) =>
                  set(
                    "host_ids",
                    event.target.checked
                      ? [...draft.host_ids, host.id]
                      : draft.host_ids.filter((item) => item !== host.id),
                  )
                }
                className="size-4"
              />
              {hostLabel(host, t)}
            </label>
          ))}
        </div>
        {errorLine("host_ids")}
      </fieldset>
      <label className="flex min-h-9 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(event) => set("active", event.target.checked)}
          className="size-4"
        />
        {t("types.fields.active")}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={save.isPending}>
          {t("types.save")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("types.cancel")}
        </Button>
      </div>
    </form>
  );
}
