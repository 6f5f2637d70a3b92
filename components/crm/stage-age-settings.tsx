"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { showToast } from "@/components/ui/toast";
import { AGEING_STAGES, type TCrmSettingsView } from "@/lib/crm/deal-value.schema";
import { PROBABILITY_STAGES } from "@/lib/settings/stage-probability";
import { crmQueries, useSaveCrmSettings } from "./crm-queries";
import { LostReasonsFieldset } from "./lost-reasons-fieldset";

/**
 * Managers (the only ones shown this form) set how many days a card may stay in each stage before it is marked
 * stale, and each stage's win probability (the forecast's weights). They load when the form is first opened, so
 * the board's own load stays one request.
 */
export function StageAgeSettings() {
  const t = useTranslations("CrmDeal.settings");
  const tCrm = useTranslations("Crm");
  const [hasOpened, setHasOpened] = useState(false);
  const loaded = useQuery({ ...crmQueries.settings(), enabled: hasOpened });
  // The manager's edits until saved; the stored limits otherwise.
  const [draft, setDraft] = useState<TCrmSettingsView | null>(null);
  const settings = draft ?? loaded.data ?? null;
  const save = useSaveCrmSettings();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!settings) return;
    save.mutate(settings, {
      onSuccess: () => {
        setDraft(null);
        showToast(t("saved"));
      },
    });
  }

  const error = loaded.isError
    ? t("loadFailed")
    : save.isError
      ? t("saveFailed", {
          reason: save.error instanceof Error ? save.error.message : String(save.error),
        })
      : null;
  return (
    <details
      className="mt-4 rounded-2xl border border-border bg-background p-4"
      onToggle={(event) => event.currentTarget.open && setHasOpened(true)}
    >
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
                  setDraft({
                    ...settings,
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
          <fieldset className="flex w-full flex-wrap items-end gap-3">
            <legend className="mb-2 text-sm font-semibold">{t("probabilityTitle")}</legend>
            {PROBABILITY_STAGES.map((stage) => (
              <div key={stage} className="w-36">
                <label htmlFor={`probability-${stage}`} className="mb-1 block text-xs font-medium">
                  {t("probabilityFor", { stage: tCrm(`stages.${stage}`) })}
                </label>
                <input
                  id={`probability-${stage}`}
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  required
                  value={settings.stage_probability[stage]}
                  onChange={(event) =>
                    setDraft({
                      ...settings,
                      stage_probability: {
                        ...settings.stage_probability,
                        [stage]: event.target.valueAsNumber,
                      },
                    })
                  }
                  className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
                />
              </div>
            ))}
          </fieldset>
          <LostReasonsFieldset
            reasons={settings.lost_reasons}
            onChange={(lostReasons) => setDraft({ ...settings, lost_reasons: lostReasons })}
          />
          <button
            type="submit"
            disabled={save.isPending}
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
