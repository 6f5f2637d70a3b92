"use client";

import { useId, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import type { AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";

// The charts of the sales funnel, drop-off and won revenue. Each one is an image to assistive
// technology, named with a one-line summary; the table beside it (sales-funnel.tsx) gives every figure.

const AXIS_TICK = { fill: "var(--muted)", fontSize: 12 };
/** Periods longer than this are drawn month by month, so the bars stay wide enough to read. */
const MAX_DAILY_BARS = 92;

export function FunnelChart({ funnel }: { funnel: AnalyticsDashboard["funnel"] }) {
  const t = useTranslations("Analytics.funnel");
  const format = useFormatter();
  const points = funnel.map((row) => ({ name: t(`steps.${row.step}`), count: row.count }));
  return (
    <div
      role="img"
      aria-label={t("chartLabel", {
        summary: funnel
          .map((row) => `${t(`steps.${row.step}`)} ${format.number(row.count)}`)
          .join(", "),
      })}
      className="mt-4 h-64 w-full"
      data-testid="funnel-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={points}
          layout="vertical"
          margin={{ top: 0, right: 48, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis
            type="number"
            allowDecimals={false}
            tickFormatter={(value: number) => format.number(value, { notation: "compact" })}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: "var(--border)" }}
          />
          <YAxis
            type="category"
            dataKey="name"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={150}
          />
          <Bar dataKey="count" fill="var(--accent)" isAnimationActive={false} barSize={22}>
            <LabelList
              dataKey="count"
              position="right"
              formatter={(value) => format.number(Number(value))}
              fill="var(--foreground)"
              fontSize={12}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function DropOffChart({ steps }: { steps: AnalyticsDashboard["questionnaire_steps"] }) {
  const t = useTranslations("Analytics.funnel");
  const format = useFormatter();
  const points = steps.map((row) => ({ step: row.step, reached: row.reached, left: row.left }));
  const mostLeft = steps.reduce<(typeof steps)[number] | null>(
    (worst, row) => (row.left > (worst?.left ?? 0) ? row : worst),
    null,
  );
  return (
    <div className="mt-4">
      <Legend
        items={[
          { label: t("reachedColumn"), className: "bg-accent" },
          { label: t("leftColumn"), className: "bg-highlight" },
        ]}
      />
      <div
        role="img"
        aria-label={t("dropOffChartLabel", {
          first: format.number(steps[0]?.reached ?? 0),
          last: format.number(steps.at(-1)?.reached ?? 0),
          step: mostLeft?.step ?? 0,
          left: format.number(mostLeft?.left ?? 0),
        })}
        className="mt-2 h-56 w-full"
        data-testid="dropoff-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="step"
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: "var(--border)" }}
              interval={0}
            />
            <YAxis
              allowDecimals={false}
              tickFormatter={(value: number) => format.number(value, { notation: "compact" })}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={false}
              width={44}
            />
            <Bar dataKey="reached" fill="var(--accent)" isAnimationActive={false} />
            <Bar dataKey="left" fill="var(--highlight)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

/**
 * Won revenue over the period for one currency at a time (amounts in different currencies are never
 * added up): initial and monthly amounts per day, or per month for long periods.
 */
export function RevenueChart({
  days,
  revenue,
}: {
  days: string[];
  revenue: AnalyticsDashboard["revenue_by_day"];
}) {
  const t = useTranslations("Analytics.funnel");
  const format = useFormatter();
  const selectId = useId();
  const currencies = [...new Set(revenue.map((row) => row.currency))].sort();
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0];
  if (!currency) return null;

  const isMonthly = days.length > MAX_DAILY_BARS;
  const bucketOf = (day: string) => (isMonthly ? day.slice(0, 7) : day);
  const buckets = [...new Set(days.map(bucketOf))];
  const sums = new Map(buckets.map((key) => [key, { initial: 0, monthly: 0, deals: 0 }]));
  for (const row of revenue) {
    if (row.currency !== currency) continue;
    const sum = sums.get(bucketOf(row.date));
    if (!sum) continue;
    sum.initial += row.initial;
    sum.monthly += row.monthly;
    sum.deals += row.deals;
  }
  const points = buckets.map((key) => ({ key, ...sums.get(key)! }));
  const money = (amount: number, notation: "compact" | "standard" = "standard") =>
    format.number(amount, {
      style: "currency",
      currency,
      notation,
      maximumFractionDigits: notation === "compact" ? 1 : 2,
    });
  const asLabel = (key: string) =>
    isMonthly
      ? format.dateTime(new Date(`${key}-15T12:00:00Z`), {
          month: "short",
          year: "numeric",
          timeZone: "UTC",
        })
      : format.dateTime(new Date(`${key}T12:00:00Z`), {
          day: "numeric",
          month: "short",
          timeZone: "UTC",
        });
  const total = points.reduce(
    (sum, point) => ({
      initial: sum.initial + point.initial,
      monthly: sum.monthly + point.monthly,
      deals: sum.deals + point.deals,
    }),
    { initial: 0, monthly: 0, deals: 0 },
  );
  const withDeals = points.filter((point) => point.deals > 0);
  // The axis is as wide as its longest label ("8,5 mil US$" is far wider than "$8.5K"): the top tick is at
  // most about 1.25 × the highest bar, and each character of the 12 px axis font takes about 7 px.
  const highest = Math.max(0, ...points.map((point) => Math.max(point.initial, point.monthly)));
  const longestLabel = Math.max(
    money(highest * 1.25, "compact").length,
    money(highest, "compact").length,
  );
  const axisWidth = Math.max(48, Math.ceil(longestLabel * 7 + 12));

  return (
    <div className="mt-4" data-testid="revenue-chart">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Legend
          items={[
            { label: t("initialColumn"), className: "bg-accent" },
            { label: t("monthlyColumn"), className: "bg-highlight" },
          ]}
        />
        {currencies.length > 1 && (
          <label htmlFor={selectId} className="flex items-center gap-2 text-sm print:hidden">
            {t("currencyColumn")}
            <select
              id={selectId}
              value={currency}
              onChange={(event) => setChosen(event.target.value)}
              className="rounded-lg border border-border bg-background px-2 py-1 text-sm"
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div
        role="img"
        aria-label={t(isMonthly ? "revenueChartLabelMonthly" : "revenueChartLabelDaily", {
          currency,
          initial: money(total.initial),
          monthly: money(total.monthly),
          deals: total.deals,
        })}
        className="mt-2 h-56 w-full"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="key"
              tickFormatter={asLabel}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: "var(--border)" }}
              minTickGap={24}
            />
            <YAxis
              tickFormatter={(value: number) => money(value, "compact")}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={false}
              width={axisWidth}
            />
            <Bar dataKey="initial" fill="var(--accent)" isAnimationActive={false} />
            <Bar dataKey="monthly" fill="var(--highlight)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm print:open:block">
        <summary className="cursor-pointer text-muted print:hidden">
          {t("showRevenueTable", { currency })}
        </summary>
        <div className="relative mt-2 overflow-x-auto" tabIndex={0}>
          <table className="w-full">
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className="py-1 font-medium">
                  {isMonthly ? t("monthColumn") : t("dateColumn")}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t("initialColumn")}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t("monthlyColumn")}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t("dealsColumn")}
                </th>
              </tr>
            </thead>
            <tbody>
              {withDeals.map((point) => (
                <tr key={point.key} className="border-t border-border">
                  <td className="py-1">{asLabel(point.key)}</td>
                  <td className="py-1 text-right tabular-nums">{money(point.initial)}</td>
                  <td className="py-1 text-right tabular-nums">{money(point.monthly)}</td>
                  <td className="py-1 text-right tabular-nums">{format.number(point.deals)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

function Legend({ items }: { items: { label: string; className: string }[] }) {
  return (
    <div className="flex flex-wrap gap-4 text-xs text-muted" aria-hidden="true">
      {items.map((item) => (
        <span key={item.label} className="flex items-center gap-1">
          <span className={`inline-block size-3 rounded-sm ${item.className}`} /> {item.label}
        </span>
      ))}
    </div>
  );
}
