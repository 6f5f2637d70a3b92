import type { Metadata } from "next";
import { LocalProposal } from "@/components/proposals/local-proposal";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { phoneHref, site } from "@/lib/site";

export const metadata: Metadata = {
  title: `${PROPOSAL_CATALOGUES.es.documentLabel} · ${site.name}`,
  robots: { index: false, follow: false },
};

export default async function LocalProposalPage({ params }: PageProps<"/proposal/view/[id]">) {
  const { id } = await params;
  return (
    <LocalProposal
      storageKey={decodeURIComponent(id)}
      brand={site.name}
      phoneHref={phoneHref()}
      catalogues={PROPOSAL_CATALOGUES}
    />
  );
}
