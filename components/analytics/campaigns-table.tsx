"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useFormatter, useTranslations } from "next-intl";
import { campaignsCsv } from "@/lib/analytics/dashboard-csv";
import type { AnalyticsDashboard, CampaignRow } from "@/lib/analytics/dashboard.schema";
import { downloadCsv } from "./download-csv";

type LeadStep = "lead" | "meeting_booked" | "proposal_shared" | "signed";

/** Each cell names its column on a phone, where the rows stack (see the table's classes). */
const STACK_TABLE = "mt-3 w-full text-sm max-sm:block";
const STACK_ROW =
  "border-t border-border max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:py-2 sm:table-row";
const STACK_CELL =
  "py-1.5 text-right tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-2 max-sm:py-0.5 max-sm:text-left max-sm:before:font-normal max-sm:before:text-muted max-sm:before:content-[attr(data-label)]";

/**
 * The period's campaigns (docs/product.md#campaigns): visitors, questionnaire starts, leads, meetings booked, proposals shared,
 * signed and revenue won, each lead figure linked to the leads behind it for managers. Rows stack on a phone.
 */
export function CampaignsTable({
  rows,
  links,
}: {
  rows: AnalyticsDashboard["campaigns"] | null;
  /** The period, when the viewer may open the leads behind a figure. */
  links: { from: string; to: string } | null;
}) {
  const t = useTranslations("Analytics.Campaigns");
  const format = useFormatter();
  const money = (amount: number, currency: string) =>
    format.number(amount, { style: "currency", currency, maximumFractionDigits: 0 });

  const leadsHref = (row: CampaignRow, step: LeadStep) => {
    if (!links) return null;
    const params = new URLSearchParams({
      funnel_step: step,
      from: links.from,
      to: links.to,
      utm_campaign: row.utm_campaign,
    });
    if (row.utm_source) params.set("utm_source", row.utm_source);
    if (row.utm_medium) params.set("utm_medium", row.utm_medium);
    return `/crm?${params.toString()}`;
  };
  const figure = (row: CampaignRow, step: LeadStep, count: number) => {
    const href = leadsHref(row, step);
    if (!href || count === 0) return format.number(count);
    return (
      <IntentLink
        href={href}
        className="font-semibold text-accent-text underline underline-offset-2"
      >
        {format.number(count)}
        <span className="sr-only"> {t("openLeads", { campaign: row.utm_campaign })}</span>
      </IntentLink>
    );
  };

  const columns = [
    ["visitors", t("visitors")],
    ["questionnaire_started", t("questionnaireStarted")],
    ["leads", t("leads")],
    ["meetings_booked", t("meetingsBooked")],
    ["proposals_shared", t("proposalsShared")],
    ["signed", t("signed")],
    ["revenue", t("revenue")],
  ] as const;

  return (
    <section
      aria-labelledby="campaigns-title"
      className="rounded-2xl border border-border bg-background p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaigns-title" className="font-semibold">
          {t("title")}
        </h2>
        <button
          type="button"
          onClick={() => rows && downloadCsv("campaigns.csv", campaignsCsv(rows))}
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
        <p className="mt-3 text-muted">{t("empty")}</p>
      ) : (
        <table className={STACK_TABLE} data-testid="campaigns-table">
          <caption className="sr-only">{t("title")}</caption>
          <thead className="max-sm:sr-only">
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 pr-3 font-medium">
                {t("campaign")}
              </th>
              {columns.map(([key, label]) => (
                <th key={key} scope="col" className="py-1 pl-3 text-right font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {rows.map((row) => (
              <tr
                key={`${row.utm_campaign}|${row.utm_source ?? ""}|${row.utm_medium ?? ""}`}
                className={STACK_ROW}
              >
                <th
                  scope="row"
                  className="py-1.5 pr-3 text-left font-medium wrap-anywhere max-sm:col-span-2"
                >
                  {row.utm_campaign}
                  <span className="block text-xs font-normal text-muted">
                    {[row.utm_source ?? t("noTag"), row.utm_medium ?? t("noTag")].join(" / ")}
                  </span>
                </th>
                <td data-label={t("visitors")} className={`${STACK_CELL} sm:pl-3`}>
                  {format.number(row.visitors)}
                </td>
                <td data-label={t("questionnaireStarted")} className={`${STACK_CELL} sm:pl-3`}>
                  {format.number(row.questionnaire_started)}
                </td>
                <td data-label={t("leads")} className={`${STACK_CELL} sm:pl-3`}>
                  {figure(row, "lead", row.leads)}
                </td>
                <td data-label={t("meetingsBooked")} className={`${STACK_CELL} sm:pl-3`}>
                  {figure(row, "meeting_booked", row.meetings_booked)}
                </td>
                <td data-label={t("proposalsShared")} className={`${STACK_CELL} sm:pl-3`}>
                  {figure(row, "proposal_shared", row.proposals_shared)}
                </td>
                <td data-label={t("signed")} className={`${STACK_CELL} sm:pl-3`}>
                  {figure(row, "signed", row.signed)}
                </td>
                <td data-label={t("revenue")} className={`${STACK_CELL} max-sm:col-span-2 sm:pl-3`}>
                  {row.revenue.length === 0 ? (
                    t("none")
                  ) : (
                    <span>
                      {row.revenue.map((amount) => (
                        <span key={amount.currency} className="block whitespace-nowrap">
                          {t("revenueAmounts", {
                            initial: money(amount.initial, amount.currency),
                            monthly: money(amount.monthly, amount.currency),
                          })}
                        </span>
                      ))}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
