import type { ReactNode } from "react";
import { clientNameOf } from "@/lib/proposals/client-name";
import type { ComparisonRow, ProposalData } from "@/lib/proposals/proposal.schema";
import type { ProposalT } from "./proposal-translator";

interface ProposalDocumentProps {
  data: ProposalData;
  brand: string;
  t: ProposalT;
  /** The validity line, the signature block, or both: what follows the terms. */
  children?: ReactNode;
}

const money = (currency: string, amount: string) =>
  [currency.trim(), amount.trim()].filter(Boolean).join(" ");

// The paper is always light, whatever the page theme, so the screen, print and PDF look the same.
const cell = "border-b border-mist-200 px-3 py-2 text-left align-top";
const head = `${cell} bg-mist-100 font-semibold text-ink-900`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="proposal-section mt-10">
      <h2
        id={id}
        className="proposal-avoid-break mb-4 border-b-2 border-orange-500 pb-2 font-display text-xl font-semibold text-ink-900"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function ComparisonTable({
  rows,
  column,
  label,
  t,
}: {
  rows: ComparisonRow[];
  column: "agent" | "mvp";
  label: string;
  t: ProposalT;
}) {
  return (
    // Under 480 px each row stacks into a card (proposal-print.css), so no column is cut off on a phone.
    <div role="region" aria-label={label}>
      <table className="proposal-stack w-full border-collapse text-sm">
        <thead>
          <tr>
            <th scope="col" className={head}>
              {t("table.metric")}
            </th>
            <th scope="col" className={head}>
              {t("table.baseline")}
            </th>
            <th scope="col" className={head}>
              {t(`table.${column}`)}
            </th>
            <th scope="col" className={head}>
              {t("table.delta")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <th scope="row" className={`${cell} font-medium`}>
                {row.metric}
              </th>
              <td className={cell} data-label={t("table.baseline")}>
                {row.baseline}
              </td>
              <td className={cell} data-label={t(`table.${column}`)}>
                {row[column] ?? row.agent ?? row.mvp ?? ""}
              </td>
              <td className={`${cell} font-semibold text-cyan-700`} data-label={t("table.delta")}>
                {row.delta}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AmountTable({
  caption,
  rows,
  currency,
  total,
  t,
}: {
  caption: string;
  rows: { label: string; amount: string }[];
  currency: string;
  total?: { label: string; amount: string };
  t: ProposalT;
}) {
  return (
    <table className="proposal-avoid-break mb-6 w-full border-collapse text-sm">
      <caption className="mb-2 text-left font-semibold text-ink-900">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={head}>
            {t("table.concept")}
          </th>
          <th scope="col" className={`${head} text-right`}>
            {t("table.amount")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <td className={cell}>{row.label}</td>
            <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
              {money(currency, row.amount)}
            </td>
          </tr>
        ))}
      </tbody>
      {total && (
        <tfoot>
          <tr>
            <th scope="row" className={`${cell} font-semibold`}>
              {total.label}
            </th>
            <td className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums`}>
              {money(currency, total.amount)}
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/** One proposal document for every variant: samples, local drafts, CRM proposals and client links. */
export function ProposalDocument({ data, brand, t, children }: ProposalDocumentProps) {
  const client = clientNameOf(data, t("unnamedClient"));
  const { investment } = data;
  return (
    <article
      lang={data.lang}
      className="proposal-document mx-auto max-w-4xl rounded-2xl bg-white p-5 text-ink-900 shadow-sm ring-1 ring-mist-200 sm:p-10 print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="proposal-avoid-break flex flex-col gap-6 border-b border-mist-200 pb-8 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-orange-700 uppercase">
            {t("documentLabel")}
          </p>
          <h1 className="mt-2 font-display text-3xl font-semibold text-balance text-ink-950">
            {data.title}
          </h1>
          <p className="mt-2 text-sm text-ink-500">{t("preparedBy", { brand })}</p>
        </div>
        <div className="flex items-start gap-4 sm:w-64 sm:shrink-0 sm:justify-end sm:text-right">
          {data.client.logoUrl && (
            // An arbitrary client host: next/image would need every host configured in advance.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={data.client.logoUrl}
              alt={t("logoAlt", { client })}
              className="h-12 w-auto max-w-32 object-contain"
            />
          )}
          <dl className="text-sm">
            <dt className="text-ink-500">{t("preparedFor")}</dt>
            <dd className="text-lg font-semibold text-ink-950" data-testid="proposal-client">
              {client}
            </dd>
            {data.client.industry && (
              <>
                <dt className="sr-only">{t("industry")}</dt>
                <dd>{data.client.industry}</dd>
              </>
            )}
            {data.client.country && (
              <>
                <dt className="sr-only">{t("country")}</dt>
                <dd>{data.client.country}</dd>
              </>
            )}
          </dl>
        </div>
      </header>

      {data.kpis.length > 0 && (
        <Section id="proposal-kpis" title={t("sections.kpis")}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.kpis.map((kpi, index) => (
              <li
                key={index}
                className="proposal-avoid-break rounded-xl border border-mist-200 bg-mist-50 p-4 text-sm"
              >
                {kpi}
              </li>
            ))}
          </ul>
        </Section>
      )}

      {data.comparison.length > 0 && (
        <Section id="proposal-comparison" title={t("sections.comparison")}>
          <ComparisonTable
            rows={data.comparison}
            column="agent"
            label={t("sections.comparison")}
            t={t}
          />
        </Section>
      )}

      {data.mvp && (
        <Section id="proposal-mvp" title={t("sections.mvp")}>
          {data.mvp.timeline.length > 0 && (
            <>
              <h3 className="mb-3 font-semibold">{t("sections.mvpTimeline")}</h3>
              <ol className="mb-6 space-y-2">
                {data.mvp.timeline.map((step, index) => (
                  <li
                    key={index}
                    className="proposal-avoid-break grid gap-1 rounded-lg border border-mist-200 p-3 text-sm sm:grid-cols-[8rem_1fr]"
                  >
                    <span className="font-semibold text-orange-700">{step.t}</span>
                    <span>{step.d}</span>
                  </li>
                ))}
              </ol>
            </>
          )}
          {data.mvp.scope.length > 0 && (
            <>
              <h3 className="mb-3 font-semibold">{t("sections.mvpScope")}</h3>
              <ul className="mb-6 list-disc space-y-1 pl-5 text-sm">
                {data.mvp.scope.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            </>
          )}
          {data.mvp.comparison.length > 0 && (
            <>
              <h3 className="mb-3 font-semibold">{t("sections.mvpComparison")}</h3>
              <ComparisonTable
                rows={data.mvp.comparison}
                column="mvp"
                label={t("sections.mvpComparison")}
                t={t}
              />
            </>
          )}
        </Section>
      )}

      <Section id="proposal-investment" title={t("sections.investment")}>
        {investment.items.length > 0 && (
          <AmountTable
            caption={t("investment.initial")}
            rows={investment.items}
            currency={investment.currency}
            total={
              investment.subtotal
                ? { label: t("investment.subtotal"), amount: investment.subtotal }
                : undefined
            }
            t={t}
          />
        )}
        {investment.monthly.length > 0 && (
          <AmountTable
            caption={t("investment.monthly")}
            rows={investment.monthly}
            currency={investment.currency}
            t={t}
          />
        )}
        {investment.notes.length > 0 && (
          <div className="proposal-avoid-break mb-4">
            <h3 className="mb-2 font-semibold">{t("investment.notes")}</h3>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {investment.notes.map((note, index) => (
                <li key={index}>{note}</li>
              ))}
            </ul>
          </div>
        )}
        {investment.totalNotice && (
          <p className="proposal-avoid-break rounded-xl bg-ink-900 p-4 font-semibold text-white">
            {investment.totalNotice}
          </p>
        )}
      </Section>

      {data.timeline.length > 0 && (
        <Section id="proposal-timeline" title={t("sections.timeline")}>
          <ol className="space-y-3">
            {data.timeline.map((phase, index) => (
              <li
                key={index}
                className="proposal-avoid-break rounded-xl border border-mist-200 p-4"
              >
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">{phase.phase}</span>
                  <span className="text-sm text-ink-500">{phase.duration}</span>
                </p>
                {phase.activities.length > 0 && (
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                    {phase.activities.map((activity, i) => (
                      <li key={i}>{activity}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </Section>
      )}

      {data.terms.length > 0 && (
        <Section id="proposal-terms" title={t("sections.terms")}>
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            {data.terms.map((term, index) => (
              <li key={index}>{term}</li>
            ))}
          </ol>
        </Section>
      )}

      {data.legend.length > 0 && (
        <Section id="proposal-legend" title={t("sections.legend")}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {data.legend.map((entry, index) => (
              <div key={index} className="contents">
                <dt className="font-semibold">{entry.a}</dt>
                <dd>{entry.d}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}

      {children}
    </article>
  );
}
