import type { Metadata } from "next";
import { CrmProposal } from "@/components/proposals/crm-proposal";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { LockScreen } from "@/components/staff/lock-screen";
import { phoneHref, site } from "@/lib/site";
import { getStaffAccess } from "@/lib/staff/staff-page";

export const metadata: Metadata = {
  title: `${PROPOSAL_CATALOGUES.en.documentLabel} · ${site.name}`,
};

export default async function CrmProposalPage({ params }: PageProps<"/proposal/db/[id]">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const { id } = await params;
  return (
    <CrmProposal
      id={id}
      brand={site.name}
      phoneHref={phoneHref()}
      catalogues={PROPOSAL_CATALOGUES}
    />
  );
}
