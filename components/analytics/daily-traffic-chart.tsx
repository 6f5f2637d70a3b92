"use client";

import { useState, type KeyboardEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import type { AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";

type Day = AnalyticsDashboard["daily"][number];

const AXIS_TICK = { fill: "var(--muted)", fontSize: 12 };

/**
 * Page views per day as bars, visitors as a line and the previous period's page views as a faint dashed
 * line. Hovering a day, or focusing the chart and moving with the arrow keys, reads that day out; the
 * exact figures also sit in a table below for screen readers and print.
 */
export function DailyTrafficChart({
  daily,
  previousDaily,
}: {
  daily: Day[];
  previousDaily: Day[];
}) {
  const t = useTranslations("Analytics");
  const format = useFormatter();
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const isLong = daily.length > 90;
  const asDate = (day: string, style: "short" | "long" = "long") =>
    format.dateTime(new Date(`${day}T12:00:00Z`), {
      day: "numeric",
      month: "short",
      year: style === "long" && isLong ? "numeric" : undefined,
      timeZone: "UTC",
    });
  const points = daily.map((day, index) => ({
    ...day,
    previousPageViews: previousDaily[index]?.pageViews ?? null,
  }));
  const active = activeIndex === null ? null : points[activeIndex];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = points.length - 1;
    const current = activeIndex ?? -1;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? Math.min(last, current + 1)
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? Math.max(0, current === -1 ? last : current - 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActiveIndex(next);
  }

  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-4 text-xs text-muted" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-accent" /> {t("pageViews")}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-highlight" /> {t("visitors")}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block w-4 border-t-2 border-dashed border-muted" />{" "}
          {t("previousPageViews")}
        </span>
      </div>
      <p
        id="daily-chart-readout"
        aria-live="polite"
        data-testid="daily-chart-readout"
        className="mt-2 min-h-5 text-sm tabular-nums print:hidden"
      >
        {active
          ? t("chartReadout", {
              date: asDate(active.date),
              pageViews: format.number(active.pageViews),
              visitors: format.number(active.visitors),
            })
          : t("chartHint")}
      </p>
      <div
        role="group"
        tabIndex={0}
        aria-label={t("dailyChartLabel", {
          start: asDate(daily[0]!.date),
          end: asDate(daily.at(-1)!.date),
        })}
        aria-describedby="daily-chart-readout"
        onKeyDown={onKeyDown}
        onFocus={() => setActiveIndex((index) => index ?? points.length - 1)}
        onBlur={() => setActiveIndex(null)}
        className="mt-1 h-56 w-full rounded-lg"
      >
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
            onMouseMove={(state) => {
              const index = Number(state.activeTooltipIndex);
              setActiveIndex(Number.isInteger(index) && index >= 0 ? index : null);
            }}
            onMouseLeave={() => setActiveIndex(null)}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="date"
              tickFormatter={(day: string) => asDate(day, "short")}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: "var(--border)" }}
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tickFormatter={(value: number) => format.number(value, { notation: "compact" })}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={false}
              width={44}
            />
            {active ? <ReferenceLine x={active.date} stroke="var(--focus)" /> : null}
            <Bar
              dataKey="pageViews"
              name={t("pageViews")}
              fill="var(--accent)"
              isAnimationActive={false}
            />
            <Line
              dataKey="previousPageViews"
              name={t("previousPageViews")}
              stroke="var(--muted)"
              strokeOpacity={0.7}
              strokeDasharray="4 3"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="visitors"
              name={t("visitors")}
              stroke="var(--highlight)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm print:open:block">
        <summary className="cursor-pointer text-muted print:hidden">{t("showTable")}</summary>
        <table className="mt-2 w-full">
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 font-medium">
                {t("dateColumn")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("pageViews")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("visitors")}
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date} className="border-t border-border">
                <td className="py-1">{asDate(day.date)}</td>
                <td className="py-1 text-right tabular-nums">{format.number(day.pageViews)}</td>
                <td className="py-1 text-right tabular-nums">{format.number(day.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
