import type { Metadata } from "next";
import { CrmProposal } from "@/components/proposals/crm-proposal";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { LockScreen } from "@/components/staff/lock-screen";
import { phoneHref, site } from "@/lib/site";
import { getStaffSession } from "@/lib/staff/staff-page";

export const metadata: Metadata = {
  title: `${PROPOSAL_CATALOGUES.en.documentLabel} · ${site.name}`,
};

export default async function CrmProposalPage({ params }: PageProps<"/proposal/db/[id]">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  if (!(await getStaffSession())) return <LockScreen brand={site.name} />;
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
