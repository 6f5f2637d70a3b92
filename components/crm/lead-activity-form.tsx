"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { STAFF_ACTIVITY_TYPES, type StaffActivityType } from "@/lib/crm/crm.schema";
import { useAddActivity } from "./crm-queries";
import { useFailureToast } from "./use-failure-toast";

/**
 * A note, call, meeting or e-mail logged by hand on a lead (the list's panel and the lead page): shown at
 * once, and put back in the box if the server refuses it. `idPrefix` keeps the two forms' fields apart.
 */
export function LeadActivityForm({
  leadId,
  idPrefix,
  heading,
}: {
  leadId: string;
  idPrefix: string;
  heading?: ReactNode;
}) {
  const t = useTranslations("Crm");
  const failed = useFailureToast();
  const [note, setNote] = useState("");
  const [type, setType] = useState<StaffActivityType>("note");
  const addActivity = useAddActivity(leadId, (error, content) => {
    setNote(content);
    failed(error, "noteFailed");
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const content = note.trim();
    if (!content) return;
    setNote("");
    addActivity.mutate({ type, content });
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      {heading}
      <label htmlFor={`${idPrefix}-activity-type`} className="sr-only">
        {t("detail.activityTypeLabel")}
      </label>
      <select
        id={`${idPrefix}-activity-type`}
        value={type}
        onChange={(event) => setType(event.target.value as StaffActivityType)}
        className="rounded-lg border border-border bg-background px-3 py-1.5 text-sm"
      >
        {STAFF_ACTIVITY_TYPES.map((option) => (
          <option key={option} value={option}>
            {t(`activityTypes.${option}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-note`} className="sr-only">
        {t("detail.noteLabel")}
      </label>
      <textarea
        id={`${idPrefix}-note`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        placeholder={t("detail.notePlaceholder")}
        rows={3}
        maxLength={5000}
        className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
      />
      <button
        type="submit"
        className="rounded-lg bg-foreground px-3 py-1.5 text-sm font-semibold text-background"
      >
        {t("detail.add")}
      </button>
    </form>
  );
}
