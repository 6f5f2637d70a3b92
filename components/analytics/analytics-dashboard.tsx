"use client";

import dynamic from "next/dynamic";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import {
  HEADLINE_KEYS,
  type AnalyticsDashboard as Dashboard,
  type HeadlineFigures,
} from "@/lib/analytics/dashboard.schema";
import { SOURCE_CHANNELS } from "@/lib/analytics/events";
import { RANGES, type Range } from "@/lib/analytics/periods";
import { analyticsQueries } from "./analytics-queries";
import { CampaignsTable } from "./campaigns-table";
import { LostReasonsTable } from "./lost-reasons-table";
import { SalesByOwner, SalesForecast } from "./sales-by-owner";
import { SalesFunnel } from "./sales-funnel";

// The chart library is only needed once figures arrive, and only on this staff page.
const DailyTrafficChart = dynamic(
  () => import("./daily-traffic-chart").then((module) => module.DailyTrafficChart),
  { ssr: false, loading: () => <div className="mt-4 h-80" aria-hidden="true" /> },
);

interface Props {
  receptionistName: string;
  /** Managers and owners: each funnel and revenue figure links to the leads behind it. */
  canSeeLeads: boolean;
  initialRange: Range;
  initialStartDate: string;
  initialEndDate: string;
}

type Status = "loading" | "loaded" | "error" | "waiting";

/** The query for the API and the URL; null while a custom range still lacks a date or is reversed. */
function periodQuery(range: Range, startDate: string, endDate: string): string | null {
  if (range !== "custom") return `range=${range}`;
  if (!startDate || !endDate || startDate > endDate) return null;
  return `range=custom&startDate=${startDate}&endDate=${endDate}`;
}

/**
 * Analytics dashboard (docs/product.md#analytics-dashboard): period buttons, four headline cards with change,
 * sources, conversions, daily chart, the sales funnel with drop-off and won revenue, top pages.
 */
export function AnalyticsDashboard({
  receptionistName,
  canSeeLeads,
  initialRange,
  initialStartDate,
  initialEndDate,
}: Props) {
  const t = useTranslations("Analytics");
  const [range, setRange] = useState<Range>(initialRange);
  const [startDate, setStartDate] = useState(initialStartDate);
  const [endDate, setEndDate] = useState(initialEndDate);
  const query = periodQuery(range, startDate, endDate);
  const dashboard = useQuery({
    ...analyticsQueries.dashboard(query ?? ""),
    enabled: query !== null,
  });

  useEffect(() => {
    // Keep the period in the address bar without a server round trip.
    const url = new URL(window.location.href);
    url.search = query ?? (range === "custom" ? "range=custom" : "");
    if (range === "custom" && !query) {
      if (startDate) url.searchParams.set("startDate", startDate);
      if (endDate) url.searchParams.set("endDate", endDate);
    }
    window.history.replaceState(window.history.state, "", url);
  }, [query, range, startDate, endDate]);

  const status: Status = !query
    ? "waiting"
    : dashboard.data && !dashboard.isFetching
      ? "loaded"
      : dashboard.isError && !dashboard.isFetching
        ? "error"
        : "loading";
  const data: Dashboard | null = status === "loaded" ? dashboard.data! : null;

  return (
    <div className="dashboard-print mt-6 space-y-8">
      <PeriodPicker
        range={range}
        startDate={startDate}
        endDate={endDate}
        onRange={setRange}
        onStartDate={setStartDate}
        onEndDate={setEndDate}
      />
      {status === "waiting" && (
        <p className="text-sm text-muted" role="status">
          {startDate && endDate ? t("customOrder") : t("customHint")}
        </p>
      )}
      {/* Two lines reserved while loading, so the cards below do not move when the figures arrive. */}
      <div className="min-h-10 space-y-1">
        {data && (
          <p className="text-sm text-muted">
            <PeriodSummary start={data.startDate} end={data.endDate} />
          </p>
        )}
        {data?.previous.until && (
          <ComparedUntil until={data.previous.until} timeZone={data.timeZone} />
        )}
      </div>
      {status === "error" && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100 print:hidden"
        >
          <p>{t("loadError")}</p>
          <button
            type="button"
            onClick={() => void dashboard.refetch()}
            className="rounded-full border border-current px-3 py-1 font-semibold"
          >
            {t("retry")}
          </button>
        </div>
      )}
      <HeadlineCards status={status} data={data} receptionistName={receptionistName} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SourcesCard data={data} />
        <ChannelsCard data={data} receptionistName={receptionistName} />
      </div>
      <section
        aria-labelledby="daily-title"
        className="rounded-2xl border border-border bg-background p-5"
      >
        <h2 id="daily-title" className="font-semibold">
          {t("dailyTitle")}
        </h2>
        {data ? (
          <DailyTrafficChart daily={data.daily} previousDaily={data.previousDaily} />
        ) : (
          <p className="mt-4 h-80 text-muted">{t("loading")}</p>
        )}
      </section>
      <SalesFunnel
        data={data}
        links={data && canSeeLeads ? { from: data.startDate, to: data.endDate } : null}
        query={data ? query : null}
      />
      <SalesByOwner
        query={query}
        period={data && canSeeLeads ? { from: data.startDate, to: data.endDate } : null}
      />
      <SalesForecast />
      <CampaignsTable
        rows={data?.campaigns ?? null}
        links={data && canSeeLeads ? { from: data.startDate, to: data.endDate } : null}
      />
      <LostReasonsTable
        rows={data?.lost_reasons ?? null}
        links={data && canSeeLeads ? { from: data.startDate, to: data.endDate } : null}
      />
      <TopPages data={data} />
    </div>
  );
}

function PeriodSummary({ start, end }: { start: string; end: string }) {
  const t = useTranslations("Analytics");
  const format = useFormatter();
  const asDate = (day: string) =>
    format.dateTime(new Date(`${day}T12:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  return <>{t("periodSummary", { start: asDate(start), end: asDate(end) })}</>;
}

function PeriodPicker(props: {
  range: Range;
  startDate: string;
  endDate: string;
  onRange: (r: Range) => void;
  onStartDate: (v: string) => void;
  onEndDate: (v: string) => void;
}) {
  const t = useTranslations("Analytics");
  return (
    <div className="space-y-4 print:hidden">
      <div role="group" aria-label={t("periodLabel")} className="flex flex-wrap gap-2">
        {RANGES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={props.range === option}
            onClick={() => props.onRange(option)}
            className="rounded-full border border-border px-3 py-1.5 text-sm font-medium hover:bg-surface-strong aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-on-accent"
          >
            {t(`ranges.${option}`)}
          </button>
        ))}
      </div>
      {props.range === "custom" && (
        <div className="flex flex-wrap gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("startDate")}
            <Input
              type="date"
              value={props.startDate}
              max={props.endDate || undefined}
              onChange={(event) => props.onStartDate(event.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("endDate")}
            <Input
              type="date"
              value={props.endDate}
              min={props.startDate || undefined}
              onChange={(event) => props.onEndDate(event.target.value)}
            />
          </label>
        </div>
      )}
    </div>
  );
}

function HeadlineCards({
  status,
  data,
  receptionistName,
}: {
  status: Status;
  data: Dashboard | null;
  receptionistName: string;
}) {
  const t = useTranslations("Analytics");
  const tHonest = useTranslations("Analytics.Honest");
  const format = useFormatter();
  // While loading the figures read '...'; after a failure they read 0, so the layout never jumps.
  const figure = (key: keyof HeadlineFigures) =>
    data ? format.number(data[key]) : status === "error" ? format.number(0) : t("loading");
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {HEADLINE_KEYS.map((key) => (
        <li
          key={key}
          className="rounded-2xl border border-border bg-background p-5"
          data-card={key}
        >
          <h2 className="text-sm font-medium text-muted">
            {t(`cards.${key}`, { name: receptionistName })}
          </h2>
          <p className="mt-2 font-display text-3xl font-semibold" data-testid={`figure-${key}`}>
            {figure(key)}
          </p>
          {data ? (
            <ChangeBadge change={data.change[key]} />
          ) : (
            <p className="mt-2 text-sm" aria-hidden="true">
              &nbsp;
            </p>
          )}
          <p className="mt-2 text-xs text-muted" data-testid={`what-${key}`}>
            {tHonest(`cardNotes.${key}`, { name: receptionistName })}
          </p>
          {key === "totalOptins" && (
            <p className="mt-1 min-h-4 text-xs text-muted" data-testid="optin-split">
              {data && <OptinSplit data={data} />}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The Form submissions card split by form, so it can be read beside the funnel's questionnaire leads. */
function OptinSplit({ data }: { data: Dashboard }) {
  const t = useTranslations("Analytics.Honest");
  const format = useFormatter();
  const countOf = (channel: string) =>
    data.channels.find((row) => row.channel === channel)?.count ?? 0;
  const questionnaire = countOf("questionnaire");
  const contactForm = countOf("contactForm");
  return (
    <>
      {t("optinSplit", {
        questionnaire: format.number(questionnaire),
        contactForm: format.number(contactForm),
        other: format.number(data.totalOptins - questionnaire - contactForm),
      })}
    </>
  );
}

/** Says that a period reaching today is compared with the earlier period cut at the same time of day. */
function ComparedUntil({ until, timeZone }: { until: string; timeZone: string }) {
  const t = useTranslations("Analytics");
  const format = useFormatter();
  const at = new Date(until);
  return (
    <p className="text-sm text-muted" data-testid="compared-until">
      {t("comparedUntil", {
        date: format.dateTime(at, { dateStyle: "medium", timeZone }),
        time: format.dateTime(at, { timeStyle: "short", timeZone }),
      })}
    </p>
  );
}

function ChangeBadge({ change }: { change: number | null }) {
  const t = useTranslations("Analytics");
  const format = useFormatter();
  const tone =
    change === null || change === 0
      ? "text-muted"
      : change > 0
        ? "text-green-700 dark:text-green-400"
        : "text-red-700 dark:text-red-400";
  const arrow = change === null || change === 0 ? "" : change > 0 ? "↑ " : "↓ ";
  return (
    <p className="mt-2 text-sm" data-testid="change">
      <span className={`font-semibold ${tone}`}>
        <span aria-hidden="true">{arrow}</span>
        {change === null
          ? t("noPrevious")
          : format.number(change / 100, {
              style: "percent",
              maximumFractionDigits: 1,
              signDisplay: "exceptZero",
            })}
      </span>{" "}
      <span className="text-muted">{t("vsPrevious")}</span>
      {change === null && <span className="sr-only"> {t("noPreviousDetail")}</span>}
    </p>
  );
}

function ShareList({
  rows,
}: {
  rows: { key: string; label: string; count: number; percent: number }[];
}) {
  const format = useFormatter();
  return (
    <ul className="mt-4 space-y-3">
      {rows.map((row) => (
        <li key={row.key} data-row={row.key}>
          <div className="flex justify-between gap-3 text-sm">
            <span>{row.label}</span>
            <span className="font-semibold tabular-nums">
              {format.number(row.percent / 100, { style: "percent" })}{" "}
              <span className="font-normal text-muted">({format.number(row.count)})</span>
            </span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-surface-strong" aria-hidden="true">
            <div className="h-2 rounded-full bg-accent" style={{ width: `${row.percent}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function SourcesCard({ data }: { data: Dashboard | null }) {
  const t = useTranslations("Analytics");
  const rows = SOURCE_CHANNELS.map((channel) => {
    const row = data?.sources.find((s) => s.channel === channel);
    return {
      key: channel,
      label: t(`sources.${channel}`),
      count: row?.visits ?? 0,
      percent: row?.percent ?? 0,
    };
  });
  return (
    <section
      aria-labelledby="sources-title"
      className="rounded-2xl border border-border bg-background p-5"
    >
      <h2 id="sources-title" className="font-semibold">
        {t("sourcesTitle")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("sourcesNote")}</p>
      <ShareList rows={rows} />
    </section>
  );
}

function ChannelsCard({
  data,
  receptionistName,
}: {
  data: Dashboard | null;
  receptionistName: string;
}) {
  const t = useTranslations("Analytics");
  // Only the channels that converted in the period (the data decides which exist).
  const rows = (data?.channels ?? []).map((row) => ({
    key: row.channel,
    label: t(`channels.${row.channel}`, { name: receptionistName }),
    count: row.count,
    percent: row.percent,
  }));
  return (
    <section
      aria-labelledby="channels-title"
      className="rounded-2xl border border-border bg-background p-5"
    >
      <h2 id="channels-title" className="font-semibold">
        {t("channelsTitle")}
      </h2>
      <div className="min-h-40">
        {data && rows.length === 0 ? (
          <p className="mt-3 text-muted">{t("noConversions")}</p>
        ) : (
          <ShareList rows={rows} />
        )}
      </div>
    </section>
  );
}

function TopPages({ data }: { data: Dashboard | null }) {
  const t = useTranslations("Analytics");
  const format = useFormatter();
  return (
    <section
      aria-labelledby="top-pages-title"
      className="rounded-2xl border border-border bg-background p-5"
    >
      <h2 id="top-pages-title" className="font-semibold">
        {t("topPagesTitle")}
      </h2>
      {!data ? (
        <p className="mt-3 text-muted">{t("loading")}</p>
      ) : data.topPages.length === 0 ? (
        <p className="mt-3 text-muted">{t("noData")}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 font-medium">
                {t("pageColumn")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("viewsColumn")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.topPages.map((page) => (
              <tr key={page.path} className="border-t border-border">
                <td className="py-1.5 break-all">{page.path}</td>
                <td className="py-1.5 text-right tabular-nums">{format.number(page.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
