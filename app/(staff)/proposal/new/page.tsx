import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProposalBuilderLoader } from "@/components/proposals/proposal-builder-loader";
import { StoredProposals } from "@/components/proposals/stored-proposals";
import { listProposals } from "@/lib/proposals/proposal.service";
import { LockScreen } from "@/components/staff/lock-screen";
import { StaffHeader } from "@/components/staff/staff-header";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ProposalBuilder" });
  return { title: `${t("title")} · ${site.name}` };
}

export default async function ProposalBuilderPage({ searchParams }: PageProps<"/proposal/new">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const from = (await searchParams).from;
  const locale = await getStaffLocale();
  const t = await getTranslations({ locale, namespace: "ProposalBuilder" });
  const stored = await listProposals(session);
  return (
    <>
      <StaffHeader brand={site.name} title={t("title")} actorName={session.actorName} />
      <main>
        <ProposalBuilderLoader
          fromKey={typeof from === "string" && from ? from.slice(0, 100) : null}
        />
        <StoredProposals proposals={stored} locale={locale} />
      </main>
    </>
  );
}
