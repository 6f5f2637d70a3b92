"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { showToast } from "@/components/ui/toast";
import { LEAD_STAGES, type LeadDto } from "@/lib/crm/crm.schema";
import { useCreateLead } from "./crm-queries";

const FIELDS = [
  { name: "name", type: "text", autoComplete: "off" },
  { name: "email", type: "email", autoComplete: "off" },
  { name: "phone", type: "tel", autoComplete: "off" },
  { name: "company", type: "text", autoComplete: "off" },
  { name: "industry", type: "text", autoComplete: "off" },
] as const;

/** A native <dialog>: focus is trapped and Escape closes it, as the WAI-ARIA dialog pattern asks. */
export function NewLeadDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (lead: LeadDto) => void;
}) {
  const t = useTranslations("Crm.newLead");
  const tStages = useTranslations("Crm.stages");
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const createLead = useCreateLead();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const lead = Object.fromEntries(
      [...form.entries()]
        .map(([key, value]) => [key, String(value).trim()])
        .filter(([, value]) => value !== ""),
    );
    if (!lead.name && !lead.email) {
      setError(t("needNameOrEmail"));
      return;
    }
    setIsSaving(true);
    try {
      const created = await createLead.mutateAsync(lead);
      showToast(t("created"), { tone: "success" });
      onCreated(created);
    } catch (caught) {
      setError(t("failed", { reason: caught instanceof Error ? caught.message : String(caught) }));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="new-lead-title"
      className="m-auto w-full max-w-md rounded-2xl border border-border bg-background p-0 text-foreground backdrop:bg-black/40"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id="new-lead-title" className="font-display text-xl font-semibold">
          {t("title")}
        </h2>
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            id={`new-lead-${field.name}`}
            label={t(field.name)}
            className="space-y-1"
          >
            {(control) => (
              <Input
                {...control}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                maxLength={field.name === "email" ? 254 : 120}
                className="text-sm"
              />
            )}
          </Field>
        ))}
        <Field id="new-lead-stage" label={t("stage")} className="space-y-1">
          {(control) => (
            <Select {...control} name="stage" defaultValue="Qualification" className="text-sm">
              {LEAD_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {tStages(stage)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <p role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => dialog.current?.close()}>
            {t("cancel")}
          </Button>
          <Button type="submit" size="sm" isBusy={isSaving}>
            {t("create")}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
