"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { showToast } from "@/components/ui/toast";
import { AGEING_STAGES, type TCrmSettings } from "@/lib/crm/deal-value.schema";
import { crmApi } from "./crm-api";

/** Managers (the only ones shown this form) set how many days a card may stay in each stage before it is marked stale. */
export function StageAgeSettings({ onSaved }: { onSaved: () => void }) {
  const t = useTranslations("CrmDeal.settings");
  const tCrm = useTranslations("Crm");
  const [settings, setSettings] = useState<TCrmSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    crmApi.settings().then(
      (loaded) => isCurrent && setSettings(loaded),
      () => isCurrent && setError(t("loadFailed")),
    );
    return () => {
      isCurrent = false;
    };
  }, [t]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!settings) return;
    setIsSaving(true);
    setError(null);
    try {
      setSettings(await crmApi.updateSettings(settings));
      showToast(t("saved"));
      onSaved();
    } catch (failure) {
      setError(
        t("saveFailed", { reason: failure instanceof Error ? failure.message : String(failure) }),
      );
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <details className="mt-4 rounded-2xl border border-border bg-background p-4">
      <summary className="cursor-pointer text-sm font-semibold">{t("title")}</summary>
      <p className="mt-2 text-sm text-muted">{t("description")}</p>
      {settings && (
        <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-3">
          {AGEING_STAGES.map((stage) => (
            <div key={stage} className="w-36">
              <label htmlFor={`age-limit-${stage}`} className="mb-1 block text-xs font-medium">
                {t("daysFor", { stage: tCrm(`stages.${stage}`) })}
              </label>
              <input
                id={`age-limit-${stage}`}
                type="number"
                min={1}
                max={365}
                step={1}
                required
                value={settings.stage_age_days[stage]}
                onChange={(event) =>
                  setSettings({
                    stage_age_days: {
                      ...settings.stage_age_days,
                      [stage]: event.target.valueAsNumber,
                    },
                  })
                }
                className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
              />
            </div>
          ))}
          <button
            type="submit"
            disabled={isSaving}
            className="rounded-lg bg-foreground px-3 py-2 text-sm font-semibold text-background disabled:opacity-60"
          >
            {t("save")}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-accent-text">
          {error}
        </p>
      )}
    </details>
  );
}
