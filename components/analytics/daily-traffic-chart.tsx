"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";

const HEIGHT = 160;

/** Page views per day as bars, visitors as a line; the exact figures sit in a table right below. */
export function DailyTrafficChart({ daily }: { daily: AnalyticsDashboard["daily"] }) {
  const t = useTranslations("Analytics");
  const format = useFormatter();
  const peak = Math.max(1, ...daily.map((day) => Math.max(day.pageViews, day.visitors)));
  const width = Math.max(daily.length * 12, 120);
  const barWidth = width / daily.length;
  const y = (value: number) => HEIGHT - (value / peak) * (HEIGHT - 8);
  const visitorsLine = daily
    .map((day, index) => `${(index + 0.5) * barWidth},${y(day.visitors)}`)
    .join(" ");
  const asDate = (day: string) =>
    format.dateTime(new Date(`${day}T12:00:00Z`), {
      day: "numeric",
      month: "short",
      year: daily.length > 90 ? "numeric" : undefined,
      timeZone: "UTC",
    });

  return (
    <div className="mt-4">
      <div className="flex gap-4 text-xs text-muted" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-accent" /> {t("pageViews")}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-highlight" /> {t("visitors")}
        </span>
      </div>
      <svg
        role="img"
        aria-label={t("dailyChartLabel", {
          start: asDate(daily[0]!.date),
          end: asDate(daily.at(-1)!.date),
        })}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-2 h-40 w-full"
      >
        {daily.map((day, index) => (
          <rect
            key={day.date}
            x={index * barWidth + barWidth * 0.15}
            width={barWidth * 0.7}
            y={y(day.pageViews)}
            height={HEIGHT - y(day.pageViews)}
            className="fill-accent"
          >
            <title>{`${asDate(day.date)}: ${format.number(day.pageViews)} ${t("pageViews")}, ${format.number(day.visitors)} ${t("visitors")}`}</title>
          </rect>
        ))}
        <polyline
          points={visitorsLine}
          fill="none"
          className="stroke-highlight"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-muted">{t("showTable")}</summary>
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
