"use client";

import dynamic from "next/dynamic";
import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import {
  FUNNEL_STEPS,
  isFunnelChannel,
  LEAD_FUNNEL_STEPS,
  type AnalyticsDashboard,
  type FunnelStep,
  type FunnelStepDto,
  type LeadFunnelStep,
} from "@/lib/analytics/dashboard.schema";
import type { ExportTable } from "@/lib/analytics/export.schema";

// Like the daily chart: the chart library loads only once figures arrive, and only on this staff page.
const chartPlaceholder = () => <div className="mt-4 h-64" aria-hidden="true" />;
const FunnelChart = dynamic(() => import("./funnel-charts").then((m) => m.FunnelChart), {
  ssr: false,
  loading: chartPlaceholder,
});
const DropOffChart = dynamic(() => import("./funnel-charts").then((m) => m.DropOffChart), {
  ssr: false,
  loading: chartPlaceholder,
});
const RevenueChart = dynamic(() => import("./funnel-charts").then((m) => m.RevenueChart), {
  ssr: false,
  loading: chartPlaceholder,
});

type Dashboard = AnalyticsDashboard;

/** Where a figure's leads are: the CRM list filtered to them (managers and owners), or nowhere. */
export interface LeadLinks {
  from: string;
  to: string;
}

const isLeadStep = (step: FunnelStep): step is LeadFunnelStep =>
  (LEAD_FUNNEL_STEPS as readonly string[]).includes(step);

function leadsHref(
  links: LeadLinks,
  step: LeadFunnelStep,
  extra: { channel?: string; landing_page?: string; currency?: string } = {},
): string {
  const params = new URLSearchParams({ funnel_step: step, from: links.from, to: links.to });
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return `/crm?${params.toString()}`;
}

/**
 * A count, linked to the leads behind it when the viewer may see them and the step is made of leads.
 * Hidden words after the number say what the link opens, so a screen reader hears more than a bare number
 * (and the name still starts with what is seen).
 */
function Figure({
  count,
  href,
  label,
}: {
  count: number;
  href: string | null;
  label: string;
}): ReactNode {
  const format = useFormatter();
  const text = format.number(count);
  if (!href || count === 0) return text;
  return (
    <IntentLink href={href} className="font-semibold text-accent-text underline underline-offset-2">
      {text}
      <span className="sr-only"> {label}</span>
    </IntentLink>
  );
}

function useLabels() {
  const t = useTranslations("Analytics.funnel");
  return {
    step: (step: FunnelStep) => t(`steps.${step}`),
    channel: (channel: string) =>
      isFunnelChannel(channel) ? t(`channelNames.${channel}`) : channel,
    page: (page: string) => (page === "unknown" ? t("unknownPage") : page),
  };
}

function Percent({ value }: { value: number | null }) {
  const format = useFormatter();
  const t = useTranslations("Analytics.funnel");
  const tHonest = useTranslations("Analytics.Honest");
  if (value === null) return <span className="text-muted">{t("none")}</span>;
  const text = format.number(value / 100, { style: "percent", maximumFractionDigits: 1 });
  // A step counts what happened in the period, so it can pass the one before: never without the reason.
  if (value <= 100) return <>{text}</>;
  return (
    <span data-above-100>
      {text}
      <span aria-hidden="true">*</span>
      <span className="sr-only"> {tHonest("above100Marker")}</span>
    </span>
  );
}

/** The note a table with a conversion above 100 % carries under it. */
function Above100Note({ steps }: { steps: { conversion: number | null }[] }) {
  const t = useTranslations("Analytics.Honest");
  if (!steps.some((row) => row.conversion !== null && row.conversion > 100)) return null;
  return (
    <p className="mt-2 text-xs text-muted" data-testid="above-100-note">
      {t("above100")}
    </p>
  );
}

function Change({ value }: { value: number | null }) {
  const format = useFormatter();
  const t = useTranslations("Analytics.funnel");
  if (value === null) return <span className="text-muted">{t("none")}</span>;
  const tone =
    value === 0
      ? "text-muted"
      : value > 0
        ? "text-green-700 dark:text-green-400"
        : "text-red-700 dark:text-red-400";
  return (
    <span className={tone}>
      {format.number(value / 100, {
        style: "percent",
        maximumFractionDigits: 1,
        signDisplay: "exceptZero",
      })}
    </span>
  );
}

// min-w-0: a wide table scrolls inside its card instead of widening the page on a phone.
const CARD = "min-w-0 rounded-2xl border border-border bg-background p-5";

const csvHref = (query: string | null, table: ExportTable) =>
  query ? `/api/analytics/export?${query}&table=${table}` : null;

/** A section's title with the download of its table beside it (not printed). */
function SectionHeading({ id, title, csv }: { id: string; title: string; csv: string | null }) {
  const t = useTranslations("Analytics.funnel");
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {csv && (
        <a
          href={csv}
          download
          aria-label={t("downloadCsvLabel", { table: title })}
          className="text-sm font-medium text-accent-text underline print:hidden"
        >
          {t("downloadCsv")}
        </a>
      )}
    </div>
  );
}
const TH = "py-1.5 pr-3 font-medium";
const TH_NUM = "py-1.5 pl-3 text-right font-medium";
const TD_NUM = "py-1.5 pl-3 text-right tabular-nums";

/** The sales funnel, its split by channel and landing page, drop-off and won revenue (docs/product.md#sales-funnel). */
export function SalesFunnel({
  data,
  links,
  query,
}: {
  data: Dashboard | null;
  links: LeadLinks | null;
  /** The period's query string, for the CSV downloads. */
  query: string | null;
}) {
  const t = useTranslations("Analytics.funnel");
  if (!data)
    return (
      // Room for the funnel's chart and table while they load, so what follows does not jump.
      <section aria-labelledby="funnel-title" className={`${CARD} min-h-[36rem]`}>
        <h2 id="funnel-title" className="font-semibold">
          {t("title")}
        </h2>
        <p className="mt-3 text-muted">{t("loading")}</p>
      </section>
    );
  return (
    <>
      <FunnelSection data={data} links={links} query={query} />
      <BreakdownSection
        id="funnel-channel"
        title={t("byChannelTitle")}
        groups={data.funnel_by_channel.map((g) => ({ key: g.channel, steps: g.steps }))}
        kind="channel"
        links={links}
        csv={csvHref(query, "funnel_by_channel")}
      />
      <BreakdownSection
        id="funnel-page"
        title={t("byPageTitle")}
        groups={data.funnel_by_landing_page.map((g) => ({ key: g.landing_page, steps: g.steps }))}
        kind="landing_page"
        links={links}
        csv={csvHref(query, "funnel_by_landing_page")}
      />
      <DropOffSection data={data} csv={csvHref(query, "questionnaire_steps")} />
      <RevenueSection data={data} links={links} query={query} />
    </>
  );
}

function FunnelSection({
  data,
  links,
  query,
}: {
  data: Dashboard;
  links: LeadLinks | null;
  query: string | null;
}) {
  const t = useTranslations("Analytics.funnel");
  const tHonest = useTranslations("Analytics.Honest");
  const format = useFormatter();
  const label = useLabels();
  return (
    <section aria-labelledby="funnel-title" className={CARD} data-testid="sales-funnel">
      <SectionHeading id="funnel-title" title={t("title")} csv={csvHref(query, "funnel")} />
      <p className="mt-1 text-sm text-muted">{t("note")}</p>
      <FunnelChart funnel={data.funnel} />
      <div className="relative mt-4 overflow-x-auto" tabIndex={0}>
        <table className="w-full text-sm">
          <caption className="sr-only">{t("tableCaption")}</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className={TH}>
                {t("stepColumn")}
              </th>
              <th scope="col" className={TH_NUM}>
                {t("countColumn")}
              </th>
              <th scope="col" className={TH_NUM}>
                {t("conversionColumn")}
              </th>
              <th scope="col" className={TH_NUM}>
                {t("previousColumn")}
              </th>
              <th scope="col" className={TH_NUM}>
                {t("changeColumn")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.funnel.map((row) => (
              <tr key={row.step} className="border-t border-border" data-step={row.step}>
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  {label.step(row.step)}
                </th>
                <td className={TD_NUM}>
                  <Figure
                    count={row.count}
                    href={links && isLeadStep(row.step) ? leadsHref(links, row.step) : null}
                    label={t("leadsLink", { figure: label.step(row.step) })}
                  />
                </td>
                <td className={TD_NUM}>
                  <Percent value={row.conversion} />
                </td>
                <td className={TD_NUM}>{format.number(row.previous)}</td>
                <td className={TD_NUM}>
                  <Change value={row.change} />
                </td>
              </tr>
            ))}
            <tr className="border-t border-border text-muted" data-testid="contact-form-row">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {tHonest("contactFormRow")}
              </th>
              <td className={TD_NUM}>
                {format.number(
                  data.channels.find((row) => row.channel === "contactForm")?.count ?? 0,
                )}
              </td>
              <td className={TD_NUM}>{t("none")}</td>
              <td className={TD_NUM}>{t("none")}</td>
              <td className={TD_NUM}>{t("none")}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-muted">{tHonest("leadNote")}</p>
      <Above100Note steps={data.funnel} />
    </section>
  );
}

function BreakdownSection({
  id,
  title,
  groups,
  kind,
  links,
  csv,
}: {
  id: string;
  title: string;
  groups: { key: string; steps: FunnelStepDto[] }[];
  kind: "channel" | "landing_page";
  links: LeadLinks | null;
  csv: string | null;
}) {
  const t = useTranslations("Analytics.funnel");
  const label = useLabels();
  const name = (key: string) => (kind === "channel" ? label.channel(key) : label.page(key));
  return (
    <section aria-labelledby={`${id}-title`} className={CARD} data-testid={id}>
      <SectionHeading id={`${id}-title`} title={title} csv={csv} />
      {groups.length === 0 ? (
        <p className="mt-3 text-muted">{t("noData")}</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0}>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className={TH}>
                  {kind === "channel" ? t("channelColumn") : t("pageColumn")}
                </th>
                {FUNNEL_STEPS.map((step) => (
                  <th key={step} scope="col" className={`${TH_NUM} text-xs`}>
                    {label.step(step)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.key} className="border-t border-border" data-group={group.key}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal break-all">
                    {name(group.key)}
                  </th>
                  {group.steps.map((row) => (
                    <td key={row.step} className={TD_NUM} data-step={row.step}>
                      <span className="block" data-count>
                        <Figure
                          count={row.count}
                          href={
                            links && isLeadStep(row.step)
                              ? leadsHref(links, row.step, { [kind]: group.key })
                              : null
                          }
                          label={t("leadsLink", {
                            figure: `${label.step(row.step)} · ${name(group.key)}`,
                          })}
                        />
                      </span>
                      {row.conversion !== null && (
                        <span className="block text-xs text-muted">
                          {" "}
                          <Percent value={row.conversion} />
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <Above100Note steps={groups.flatMap((group) => group.steps)} />
        </div>
      )}
    </section>
  );
}

function DropOffSection({ data, csv }: { data: Dashboard; csv: string | null }) {
  const t = useTranslations("Analytics.funnel");
  const tField = useTranslations("AnswerFields");
  const format = useFormatter();
  const steps = data.questionnaire_steps;
  // The tracker stores each step's field key ("employees_range"): shown by its label, never the key.
  const fieldLabel = (name: string | null) =>
    name && tField.has(name as Parameters<typeof tField>[0])
      ? tField(name as Parameters<typeof tField>[0])
      : null;
  const hasVisits = steps.some((row) => row.reached > 0);
  return (
    <section aria-labelledby="dropoff-title" className={CARD} data-testid="questionnaire-dropoff">
      <SectionHeading id="dropoff-title" title={t("dropOffTitle")} csv={csv} />
      <p className="mt-1 text-sm text-muted">{t("dropOffNote")}</p>
      {!hasVisits ? (
        <p className="mt-3 text-muted">{t("noData")}</p>
      ) : (
        <>
          <DropOffChart steps={steps} />
          <div className="relative mt-4 overflow-x-auto" tabIndex={0}>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col" className={TH}>
                    {t("stepColumn")}
                  </th>
                  <th scope="col" className={TH_NUM}>
                    {t("reachedColumn")}
                  </th>
                  <th scope="col" className={TH_NUM}>
                    {t("leftColumn")}
                  </th>
                  <th scope="col" className={TH_NUM}>
                    {t("medianColumn")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {steps.map((row) => (
                  <tr key={row.step} className="border-t border-border" data-step={row.step}>
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal break-words">
                      {t("questionStep", { step: row.step })}
                      {fieldLabel(row.name) && (
                        <span className="text-muted"> · {fieldLabel(row.name)}</span>
                      )}
                    </th>
                    <td className={TD_NUM}>{format.number(row.reached)}</td>
                    <td className={TD_NUM}>{format.number(row.left)}</td>
                    <td className={TD_NUM}>
                      {row.median_seconds === null ? (
                        <span className="text-muted">{t("none")}</span>
                      ) : (
                        t("seconds", { seconds: row.median_seconds })
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function RevenueSection({
  data,
  links,
  query,
}: {
  data: Dashboard;
  links: LeadLinks | null;
  query: string | null;
}) {
  const t = useTranslations("Analytics.funnel");
  const format = useFormatter();
  const label = useLabels();
  const money = (amount: number, currency: string) =>
    format.number(amount, { style: "currency", currency, maximumFractionDigits: 2 });
  return (
    <section aria-labelledby="revenue-title" className={CARD} data-testid="won-revenue">
      <SectionHeading
        id="revenue-title"
        title={t("revenueTitle")}
        csv={csvHref(query, "revenue_by_channel")}
      />
      <p className="mt-1 text-sm text-muted">{t("revenueNote")}</p>
      {data.revenue_by_channel.length === 0 ? (
        <p className="mt-3 text-muted">{t("noRevenue")}</p>
      ) : (
        <>
          <RevenueChart days={data.daily.map((d) => d.date)} revenue={data.revenue_by_day} />
          <div className="relative mt-4 overflow-x-auto" tabIndex={0}>
            <table className="w-full text-sm">
              <caption className="sr-only">{t("revenueCaption")}</caption>
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col" className={TH}>
                    {t("channelColumn")}
                  </th>
                  <th scope="col" className={TH}>
                    {t("currencyColumn")}
                  </th>
                  <th scope="col" className={TH_NUM}>
                    {t("initialColumn")}
                  </th>
                  <th scope="col" className={TH_NUM}>
                    {t("monthlyColumn")}
                  </th>
                  <th scope="col" className={TH_NUM}>
                    {t("dealsColumn")}
                  </th>
                  <th scope="col" className={TH_NUM}>
                    {t("unparsedColumn")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.revenue_by_channel.map((row) => (
                  <tr
                    key={`${row.channel}-${row.currency}`}
                    className="border-t border-border"
                    data-group={`${row.channel}-${row.currency}`}
                  >
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                      {label.channel(row.channel)}
                    </th>
                    <td className="py-1.5 pr-3">{row.currency}</td>
                    <td className={TD_NUM}>{money(row.initial, row.currency)}</td>
                    <td className={TD_NUM}>{money(row.monthly, row.currency)}</td>
                    <td className={TD_NUM}>
                      <Figure
                        count={row.deals}
                        href={
                          links
                            ? leadsHref(links, "signed", {
                                channel: row.channel,
                                currency: row.currency,
                              })
                            : null
                        }
                        label={t("leadsLink", {
                          figure: `${t("revenueTitle")} · ${label.channel(row.channel)} · ${row.currency}`,
                        })}
                      />
                    </td>
                    <td className={TD_NUM}>{format.number(row.unparsed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
