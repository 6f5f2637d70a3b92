"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useFormatter, useTranslations } from "next-intl";
import { lostReasonsCsv } from "@/lib/analytics/dashboard-csv";
import { LOST_FROM_STAGES, type AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";
import { useLostReasonLabel } from "@/components/crm/lost-reason-label";
import { downloadCsv } from "./download-csv";

/**
 * Deals lost in the period by reason, with the stages they were lost from (docs/product.md#lost-reasons).
 * Three columns, so it reads on a phone as it does on a desk.
 */
export function LostReasonsTable({
  rows,
  links = null,
}: {
  rows: AnalyticsDashboard["lost_reasons"] | null;
  /** The period, when the viewer may open the leads behind a figure (managers and owners). */
  links?: { from: string; to: string } | null;
}) {
  const t = useTranslations("Crm.LostReasons.dashboard");
  const tStages = useTranslations("Crm.stages");
  const format = useFormatter();
  const label = useLostReasonLabel();
  const total = rows?.reduce((sum, row) => sum + row.count, 0) ?? 0;
  /** The CRM's list of exactly the deals lost for a reason (all of them for the total) in the period. */
  const leadsHref = (reason: string | null | undefined) => {
    if (!links) return null;
    const params = new URLSearchParams({
      figure: reason === null ? "lost_unrecorded" : "lost",
      from: links.from,
      to: links.to,
    });
    if (reason) params.set("lost_reason", reason);
    return `/crm?${params.toString()}`;
  };
  const count = (value: number, reason: string | null | undefined) => {
    const href = leadsHref(reason);
    if (!href || value === 0) return format.number(value);
    return (
      <IntentLink
        href={href}
        className="font-semibold text-accent-text underline underline-offset-2"
      >
        {format.number(value)}
        <span className="sr-only"> {t("openLeads")}</span>
      </IntentLink>
    );
  };
  return (
    <section
      aria-labelledby="lost-reasons-title"
      className="rounded-2xl border border-border bg-background p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lost-reasons-title" className="font-semibold">
          {t("title")}
        </h2>
        <button
          type="button"
          onClick={() => rows && downloadCsv("lost-reasons.csv", lostReasonsCsv(rows, label))}
          disabled={!rows || rows.length === 0}
          className="rounded-full border border-border px-3 py-1 text-sm font-semibold disabled:opacity-50 print:hidden"
        >
          {t("csv")}
        </button>
      </div>
      <p className="mt-1 text-sm text-muted">{t("note")}</p>
      {!rows ? (
        <p className="mt-3 min-h-16 text-muted">{t("loading")}</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-muted">{t("none")}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 font-medium">
                {t("reason")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("deals")}
              </th>
              <th scope="col" className="py-1 pl-3 font-medium">
                {t("fromStage")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.reason ?? ""} className="border-t border-border align-top">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal wrap-anywhere">
                  {label(row.reason)}
                </th>
                <td className="py-1.5 text-right tabular-nums">{count(row.count, row.reason)}</td>
                <td className="py-1.5 pl-3">
                  {LOST_FROM_STAGES.filter((stage) => row.from_stage[stage] > 0)
                    .map((stage) =>
                      t("stageCount", {
                        stage: tStages(stage),
                        count: row.from_stage[stage],
                      }),
                    )
                    .join(" · ")}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-border font-semibold">
              <th scope="row" className="py-1.5 text-left">
                {t("total")}
              </th>
              <td className="py-1.5 text-right tabular-nums">{count(total, undefined)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
