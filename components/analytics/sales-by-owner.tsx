"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import type { SalesOwnerRowDto } from "@/lib/analytics/sales.schema";
import { csvCell } from "@/lib/http/csv";
import { analyticsQueries } from "./analytics-queries";
import { downloadCsv } from "./download-csv";

// The manager's view (docs/product.md#per-salesperson, #forecast): one row per owner and the forecast.

/*
 * On a phone (at most 480 px) and on paper the tables become stacked rows: each row a block, each cell naming
 * its column (data-label) beside its figure. Written out whole, so Tailwind finds every class.
 */
const STACK_TABLE =
  "w-full text-left text-sm max-[480px]:block max-[480px]:min-w-0 print:block print:min-w-0";
// Phones keep the headings for screen readers; paper has no use for them (and they would run past the A4 edge).
const STACK_HEAD = "max-[480px]:sr-only print:hidden";
const STACK_BODY = "max-[480px]:block print:block";
const STACK_ROW =
  "border-b border-border align-top max-[480px]:block max-[480px]:py-2 print:block print:break-inside-avoid print:py-2";
const STACK_CELL =
  "py-2 pr-3 max-[480px]:flex max-[480px]:justify-between max-[480px]:gap-3 max-[480px]:py-0.5 max-[480px]:pr-0 max-[480px]:before:font-medium max-[480px]:before:text-muted max-[480px]:before:content-[attr(data-label)] print:flex print:justify-between print:gap-3 print:py-0.5 print:pr-0 print:before:font-medium print:before:content-[attr(data-label)]";
const STACK_ROW_HEADING =
  "py-2 pr-3 font-medium max-[480px]:block max-[480px]:py-1 print:block print:py-1";
const STACK_BAR = "mt-1 h-1.5 rounded-full bg-surface-strong max-[480px]:hidden print:hidden";

const COLUMNS = [
  "new_leads",
  "first_response_minutes_median",
  "activities",
  "proposals_shared",
  "proposals_signed",
  "won_deals",
  "win_rate",
  "days_to_win_median",
] as const;
type Column = (typeof COLUMNS)[number];

function figureOf(row: SalesOwnerRowDto, column: Column): number | null {
  switch (column) {
    case "activities":
      return Object.values(row.activities).reduce((sum, count) => sum + count, 0);
    case "won_deals":
      return row.won.reduce((sum, money) => sum + money.deals, 0);
    default:
      return row[column];
  }
}

/**
 * The CRM filter that lists exactly the leads behind a figure of the period: a step of the funnel filter for
 * proposals, a figure filter for the rest (lib/analytics/figure-leads.schema.ts).
 */
const FILTER_OF: Partial<Record<Column, Record<string, string>>> = {
  new_leads: { figure: "new_leads" },
  activities: { figure: "activities" },
  proposals_shared: { funnel_step: "proposal_shared" },
  proposals_signed: { funnel_step: "signed" },
  won_deals: { figure: "won" },
};

/**
 * Where a figure's leads are listed: for managers and owners (who may use those filters) exactly the owner's
 * leads behind the figure in the period; for a salesperson, their leads in the CRM (Won ones for won deals).
 */
function leadsHref(
  row: SalesOwnerRowDto,
  column: Column,
  period: { from: string; to: string } | null,
): string {
  const owner = row.owner ? row.owner.id : "none";
  const filter = FILTER_OF[column];
  if (filter && period)
    return `/crm?${new URLSearchParams({ owner, ...filter, from: period.from, to: period.to })}`;
  return column === "won_deals" ? `/crm?owner=${owner}&stage=Won` : `/crm?owner=${owner}`;
}

const LINKED: readonly Column[] = [
  "new_leads",
  "activities",
  "proposals_shared",
  "proposals_signed",
  "won_deals",
];

export function SalesByOwner({
  query,
  period = null,
}: {
  query: string | null;
  /** The period's days, when the viewer may open the exact leads behind a figure (managers and owners). */
  period?: { from: string; to: string } | null;
}) {
  const t = useTranslations("Analytics.Sales");
  const format = useFormatter();
  const sales = useQuery({ ...analyticsQueries.sales(query ?? ""), enabled: query !== null });
  const [sort, setSort] = useState<{ column: Column; isDescending: boolean }>({
    column: "new_leads",
    isDescending: true,
  });
  const rows = [...(sales.data?.owners ?? [])].sort((a, b) => {
    const x = figureOf(a, sort.column) ?? -1;
    const y = figureOf(b, sort.column) ?? -1;
    return sort.isDescending ? y - x : x - y;
  });
  const max = Object.fromEntries(
    COLUMNS.map((column) => [
      column,
      Math.max(0, ...rows.map((row) => figureOf(row, column) ?? 0)),
    ]),
  ) as Record<Column, number>;
  const nameOf = (row: SalesOwnerRowDto) => row.owner?.name || t("unassigned");
  const money = (items: { currency: string; value: number }[]) =>
    items.length === 0
      ? "—"
      : items
          .map((item) =>
            format.number(item.value, {
              style: "currency",
              currency: item.currency,
              maximumFractionDigits: 0,
            }),
          )
          .join(" · ");

  function downloadTable() {
    const header = ["owner", ...COLUMNS, "won", "open", "weighted"];
    const lines = rows.map((row) =>
      [
        nameOf(row),
        ...COLUMNS.map((column) => String(figureOf(row, column) ?? "")),
        row.won.map((m) => `${m.currency} ${m.initial}+${m.monthly}/m`).join("; "),
        row.open.map((m) => `${m.currency} ${m.value}`).join("; "),
        row.open.map((m) => `${m.currency} ${m.weighted}`).join("; "),
      ]
        .map((cell) => csvCell(cell))
        .join(","),
    );
    downloadCsv("sales-by-owner.csv", [header.join(","), ...lines].join("\r\n"));
  }

  return (
    <section
      aria-labelledby="sales-owner-title"
      // On paper its rows stack like on a phone, so every column fits an A4 page.
      className="min-h-64 rounded-2xl border border-border bg-background p-5 print:break-inside-auto"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sales-owner-title" className="font-semibold">
          {t("title")}
        </h2>
        <button
          type="button"
          onClick={downloadTable}
          disabled={rows.length === 0}
          className="rounded-full border border-border px-3 py-1 text-sm font-semibold disabled:opacity-50 print:hidden"
        >
          {t("csv")}
        </button>
      </div>
      <p className="mt-1 text-sm text-muted">{t("explain")}</p>
      {sales.isError ? (
        <p role="alert" className="mt-3 text-sm">
          {t("error")}
        </p>
      ) : !sales.data ? (
        <p className="mt-3 text-muted">{t("loading")}</p>
      ) : (
        // Focusable, so a keyboard can scroll a table wider than a phone.
        <div className="mt-4 overflow-x-auto print:overflow-visible" tabIndex={0}>
          <table className={`min-w-[48rem] ${STACK_TABLE}`} data-testid="sales-by-owner-table">
            <thead className={STACK_HEAD}>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  {t("owner")}
                </th>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className="py-2 pr-3"
                    aria-sort={
                      sort.column === column
                        ? sort.isDescending
                          ? "descending"
                          : "ascending"
                        : "none"
                    }
                  >
                    <button
                      type="button"
                      className="font-semibold underline-offset-2 hover:underline"
                      onClick={() =>
                        setSort((current) => ({
                          column,
                          isDescending: current.column === column ? !current.isDescending : true,
                        }))
                      }
                    >
                      {t(`columns.${column}`)}
                    </button>
                  </th>
                ))}
                <th scope="col" className="py-2 pr-3">
                  {t("columns.won")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("columns.open")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("columns.weighted")}
                </th>
              </tr>
            </thead>
            <tbody className={STACK_BODY}>
              {rows.map((row) => (
                <tr key={row.owner?.id ?? "none"} className={STACK_ROW}>
                  <th scope="row" className={STACK_ROW_HEADING}>
                    {nameOf(row)}
                  </th>
                  {COLUMNS.map((column) => {
                    const value = figureOf(row, column);
                    const text =
                      value === null
                        ? "—"
                        : column === "win_rate"
                          ? format.number(value / 100, {
                              style: "percent",
                              maximumFractionDigits: 1,
                            })
                          : format.number(value);
                    return (
                      <td
                        key={column}
                        className={STACK_CELL}
                        data-label={t(`columns.${column}`)}
                        data-column={column}
                      >
                        {LINKED.includes(column) && value ? (
                          <a className="underline" href={leadsHref(row, column, period)}>
                            {text}
                          </a>
                        ) : (
                          text
                        )}
                        <div className={STACK_BAR} aria-hidden="true">
                          <div
                            className="h-1.5 rounded-full bg-accent"
                            style={{
                              width: `${max[column] ? ((value ?? 0) * 100) / max[column] : 0}%`,
                            }}
                          />
                        </div>
                      </td>
                    );
                  })}
                  <td className={STACK_CELL} data-label={t("columns.won")}>
                    {money(row.won.map((m) => ({ currency: m.currency, value: m.initial })))}
                  </td>
                  <td className={STACK_CELL} data-label={t("columns.open")}>
                    {money(row.open.map((m) => ({ currency: m.currency, value: m.value })))}
                  </td>
                  <td className={STACK_CELL} data-label={t("columns.weighted")}>
                    {money(row.open.map((m) => ({ currency: m.currency, value: m.weighted })))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * The forecast: committed, weighted and best case per month and currency, from the previous quarter on; a
 * month that has begun shows the weighted forecast recorded at its start beside what was actually signed.
 * On a phone the nine months × currencies would stack into a hundred lines, so a month selector (this month
 * first) shows one month's rows at a time; paper and wider screens keep every month.
 */
export function SalesForecast() {
  const t = useTranslations("Analytics.Forecast");
  const format = useFormatter();
  const forecast = useQuery(analyticsQueries.forecast());
  // The viewer's month, read once: the phone view opens on it when the forecast covers it.
  const [thisMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const [chosenMonth, setChosenMonth] = useState<string | null>(null);
  const months = forecast.data?.months.map((month) => month.month) ?? [];
  const phoneMonth =
    chosenMonth && months.includes(chosenMonth)
      ? chosenMonth
      : months.includes(thisMonth)
        ? thisMonth
        : months[0];
  /** Rows of the months the phone view is not showing (important: the stacked row is a block there too). */
  const offPhone = (month: string) => (month === phoneMonth ? "" : " max-[480px]:hidden!");
  const amount = (value: number | undefined, currency: string) =>
    value === undefined
      ? "—"
      : format.number(value, { style: "currency", currency, maximumFractionDigits: 0 });
  const dayName = (day: string) =>
    format.dateTime(new Date(`${day}T12:00:00Z`), {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
  const monthName = (month: string) =>
    format.dateTime(new Date(`${month}-15T12:00:00Z`), {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
  return (
    <section
      aria-labelledby="forecast-title"
      className="min-h-64 rounded-2xl border border-border bg-background p-5"
    >
      <h2 id="forecast-title" className="font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("explain")}</p>
      {forecast.isError ? (
        <p role="alert" className="mt-3 text-sm">
          {t("error")}
        </p>
      ) : !forecast.data ? (
        <p className="mt-3 text-muted">{t("loading")}</p>
      ) : (
        <div className="mt-4 overflow-x-auto print:overflow-visible" tabIndex={0}>
          <label className="mb-2 hidden flex-col gap-1 text-sm font-medium max-[480px]:flex print:hidden">
            {t("phoneMonth")}
            <select
              value={phoneMonth}
              onChange={(event) => setChosenMonth(event.target.value)}
              aria-controls="forecast-table"
              className="min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base font-normal"
            >
              {months.map((month) => (
                <option key={month} value={month}>
                  {monthName(month)}
                </option>
              ))}
            </select>
          </label>
          <table
            id="forecast-table"
            className={`min-w-[44rem] ${STACK_TABLE}`}
            data-testid="forecast-table"
          >
            <thead className={STACK_HEAD}>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  {t("month")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("committed")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("weighted")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("bestCase")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("forecastAtStart")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("actual")}
                </th>
              </tr>
            </thead>
            <tbody className={STACK_BODY}>
              {forecast.data.months.map((month) =>
                month.per_currency.length === 0 ? (
                  <tr key={month.month} className={`${STACK_ROW}${offPhone(month.month)}`}>
                    <th scope="row" className={STACK_ROW_HEADING}>
                      {monthName(month.month)}
                    </th>
                    <td className={`${STACK_CELL} text-muted`} colSpan={5} data-label="">
                      {t("empty")}
                    </td>
                  </tr>
                ) : (
                  month.per_currency.map((cell) => (
                    <tr
                      key={`${month.month}-${cell.currency}`}
                      className={`${STACK_ROW}${offPhone(month.month)}`}
                    >
                      <th scope="row" className={STACK_ROW_HEADING}>
                        {monthName(month.month)} · {cell.currency}
                      </th>
                      <td className={STACK_CELL} data-label={t("committed")}>
                        {amount(cell.committed, cell.currency)}
                      </td>
                      <td className={STACK_CELL} data-label={t("weighted")}>
                        {amount(cell.weighted, cell.currency)}
                      </td>
                      <td className={STACK_CELL} data-label={t("bestCase")}>
                        {amount(cell.best_case, cell.currency)}
                      </td>
                      <td className={STACK_CELL} data-label={t("forecastAtStart")}>
                        {cell.forecast ? (
                          <span>
                            {amount(cell.forecast.weighted, cell.currency)}
                            <span className="block text-xs text-muted max-[480px]:inline max-[480px]:before:content-['_·_'] print:inline">
                              {t("takenOn", { date: dayName(cell.forecast.taken_on) })}
                            </span>
                          </span>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td className={STACK_CELL} data-label={t("actual")}>
                        {amount(cell.actual, cell.currency)}
                      </td>
                    </tr>
                  ))
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
