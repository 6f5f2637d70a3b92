"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useFormatter, useTranslations } from "next-intl";
import { isFunnelChannel } from "@/lib/analytics/dashboard.schema";
import type { FunnelLeadFilter } from "@/lib/crm/crm.schema";
import { useLostReasonLabel } from "./lost-reason-label";

/** Says which dashboard figure the list shows the leads of, with a way back to all leads. */
export function FunnelFilterNote({
  funnel,
  onClear,
}: {
  funnel: FunnelLeadFilter;
  onClear: () => void;
}) {
  const t = useTranslations("Analytics.leadsFilter");
  const tFunnel = useTranslations("Analytics.funnel");
  const format = useFormatter();
  const asDate = (day: string) =>
    format.dateTime(new Date(`${day}T12:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  const lostReason = useLostReasonLabel();
  const parts = [
    funnel.figure ? t(`figures.${funnel.figure}`) : tFunnel(`steps.${funnel.funnel_step}`),
    funnel.lost_reason && lostReason(funnel.lost_reason),
    funnel.channel &&
      (isFunnelChannel(funnel.channel)
        ? tFunnel(`channelNames.${funnel.channel}`)
        : funnel.channel),
    funnel.landing_page &&
      (funnel.landing_page === "unknown" ? tFunnel("unknownPage") : funnel.landing_page),
    funnel.currency,
    funnel.utm_campaign &&
      [funnel.utm_campaign, funnel.utm_source, funnel.utm_medium].filter(Boolean).join(" / "),
  ].filter(Boolean);
  const dashboard = `/analytics?range=custom&startDate=${funnel.from}&endDate=${funnel.to}`;
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface p-4 text-sm"
      data-testid="funnel-filter"
    >
      <p className="min-w-0 flex-1 break-words">
        {t("showing", {
          figure: parts.join(" · "),
          start: asDate(funnel.from),
          end: asDate(funnel.to),
        })}
      </p>
      <IntentLink href={dashboard} className="font-medium text-accent-text underline">
        {t("backToDashboard")}
      </IntentLink>
      <button
        type="button"
        onClick={onClear}
        className="rounded-lg border border-border px-3 py-1.5 font-semibold hover:bg-surface-strong"
      >
        {t("clear")}
      </button>
    </div>
  );
}
