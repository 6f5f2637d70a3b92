import type { Metadata } from "next";
import { ClientProposal } from "@/components/proposals/client-proposal";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { phoneHref, site } from "@/lib/site";

export const metadata: Metadata = {
  title: `${PROPOSAL_CATALOGUES.es.documentLabel} · ${site.name}`,
  robots: { index: false, follow: false },
};

export default async function ClientProposalPage({
  params,
}: PageProps<"/proposals/ai-generated/[token]">) {
  const { token } = await params;
  return (
    <ClientProposal
      token={token}
      brand={site.name}
      phoneHref={phoneHref()}
      catalogues={PROPOSAL_CATALOGUES}
    />
  );
}
