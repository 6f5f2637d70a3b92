import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import type { ProposalSummaryDto } from "@/lib/proposals/proposal.schema";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

const STATUS_LABELS = { es: es.Proposal.status, en: en.Proposal.status } as const;

/** The CRM's stored proposals, newest first, with their status: where staff find a proposal again. */
export async function StoredProposals({
  proposals,
  locale,
}: {
  proposals: ProposalSummaryDto[];
  locale: Locale;
}) {
  const t = await getTranslations({ locale, namespace: "ProposalBuilder.stored" });
  const format = await getFormatter({ locale });
  const date = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: "medium" }) : t("none");
  const cell = "border-b border-border px-3 py-2 text-left align-top";
  return (
    <section aria-labelledby="stored-proposals" className="mx-auto max-w-4xl px-4 pb-12">
      <h2 id="stored-proposals" className="mb-3 font-display text-lg font-semibold">
        {t("title")}
      </h2>
      {proposals.length === 0 ? (
        <p className="text-sm text-muted">{t("empty")}</p>
      ) : (
        <div
          className="overflow-x-auto rounded-2xl border border-border bg-background"
          tabIndex={0}
          role="region"
          aria-label={t("title")}
        >
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr>
                <th scope="col" className={cell}>
                  {t("client")}
                </th>
                <th scope="col" className={cell}>
                  {t("proposal")}
                </th>
                <th scope="col" className={cell}>
                  {t("status")}
                </th>
                <th scope="col" className={cell}>
                  {t("created")}
                </th>
                <th scope="col" className={cell}>
                  {t("expires")}
                </th>
              </tr>
            </thead>
            <tbody>
              {proposals.map((proposal) => (
                <tr key={proposal.id}>
                  <th scope="row" className={`${cell} font-medium`}>
                    <a
                      href={`/proposal/db/${proposal.id}`}
                      className="text-highlight underline-offset-4 hover:underline"
                    >
                      {proposal.client_name}
                    </a>
                  </th>
                  <td className={cell}>{proposal.title || t("none")}</td>
                  <td className={cell} data-status={proposal.status}>
                    {STATUS_LABELS[locale][proposal.status]}
                  </td>
                  <td className={cell}>{date(proposal.created_at)}</td>
                  <td className={cell}>{date(proposal.expires_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
