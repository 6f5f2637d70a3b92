"use client";

import { useFormatter, useTranslations } from "next-intl";
import { LOST_FROM_STAGES, type AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";
import { useLostReasonLabel } from "@/components/crm/lost-reason-label";

/**
 * Deals lost in the period by reason, with the stages they were lost from (docs/product.md#lost-reasons).
 * Three columns, so it reads on a phone as it does on a desk.
 */
export function LostReasonsTable({ rows }: { rows: AnalyticsDashboard["lost_reasons"] | null }) {
  const t = useTranslations("Crm.LostReasons.dashboard");
  const tStages = useTranslations("Crm.stages");
  const format = useFormatter();
  const label = useLostReasonLabel();
  const total = rows?.reduce((sum, row) => sum + row.count, 0) ?? 0;
  return (
    <section
      aria-labelledby="lost-reasons-title"
      className="rounded-2xl border border-border bg-background p-5"
    >
      <h2 id="lost-reasons-title" className="font-semibold">
        {t("title")}
      </h2>
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
                <th scope="row" className="py-1.5 pr-2 text-left font-normal break-words">
                  {label(row.reason)}
                </th>
                <td className="py-1.5 text-right tabular-nums">{format.number(row.count)}</td>
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
              <td className="py-1.5 text-right tabular-nums">{format.number(total)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
