import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { ProposalsList } from "@/components/proposals/proposals-list";
import { LockScreen } from "@/components/staff/lock-screen";
import { ZProposalListQuery } from "@/lib/proposals/proposal.schema";
import { listProposalPage } from "@/lib/proposals/proposal.service";
import { site } from "@/lib/site";
import { listActiveAccounts } from "@/lib/staff/account-directory.service";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ProposalsList" });
  return { title: `${t("title")} · ${site.name}` };
}

/** Every stored proposal the session may see (docs/product.md#proposals-list); each row opens its page. */
export default async function ProposalsPage({ searchParams }: PageProps<"/crm/proposals">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;

  // Each filter of the address that the API would take; anything else is dropped, not an error page.
  const raw = await searchParams;
  const filters = Object.fromEntries(
    (["status", "author", "q"] as const).flatMap((key) => {
      const value = raw[key];
      if (typeof value !== "string") return [];
      return ZProposalListQuery.shape[key].safeParse(value).success ? [[key, value]] : [];
    }),
  ) as { status?: string; author?: string; q?: string };
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ProposalsList" });
  const [initialPage, directory] = await Promise.all([
    listProposalPage(ZProposalListQuery.parse(filters), session),
    listActiveAccounts(),
  ]);

  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="space-y-1">
            <h1 className="font-display text-2xl font-semibold">{t("title")}</h1>
            <p className="text-muted">{t("intro")}</p>
          </div>
          <IntentLink
            href="/proposal/new"
            className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent hover:brightness-110"
          >
            {t("newProposal")}
          </IntentLink>
        </div>
        <ProposalsList
          initialParams={filters}
          initialPage={initialPage}
          directory={directory}
          viewerId={session.account.id}
        />
      </main>
    </>
  );
}
