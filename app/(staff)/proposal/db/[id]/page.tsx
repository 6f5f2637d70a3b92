import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { OutboxList } from "@/components/outbox/outbox-list";
import { CrmProposal } from "@/components/proposals/crm-proposal";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { LockScreen } from "@/components/staff/lock-screen";
import { phoneHref, site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  // The staff member's language, as the rest of the page around the document.
  const locale = await getStaffLocale();
  return { title: `${PROPOSAL_CATALOGUES[locale].documentLabel} · ${site.name}` };
}

export default async function CrmProposalPage({ params }: PageProps<"/proposal/db/[id]">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const { id } = await params;
  const locale = await getStaffLocale();
  const t = await getTranslations({ locale, namespace: "Outbox" });
  const tNav = await getTranslations({ locale, namespace: "Staff.Nav" });
  return (
    <>
      {/* The document has its own sticky actions bar: the shell's header scrolls away above it. */}
      <StaffShellHeader session={session} title={tNav("proposals")} isSticky={false} />
      <CrmProposal
        id={id}
        brand={site.name}
        phoneHref={phoneHref()}
        catalogues={PROPOSAL_CATALOGUES}
      />
      {/* The proposal's own e-mails and whether each arrived. */}
      {z.uuid().safeParse(id).success && (
        <section className="mx-auto max-w-4xl space-y-3 px-4 py-8 print:hidden">
          <h2 className="font-display text-xl font-semibold">{t("heading")}</h2>
          <OutboxList about={{ proposal_id: id }} />
        </section>
      )}
    </>
  );
}
