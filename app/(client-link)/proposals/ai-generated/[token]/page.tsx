import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClientProposal } from "@/components/proposals/client-proposal";
import { PROPOSAL_CATALOGUES } from "@/components/proposals/proposal-catalogues";
import { isClientLinkOpen } from "@/lib/proposals/proposal-link.service";
import { phoneHref, site } from "@/lib/site";
import { getStaffSession } from "@/lib/staff/staff-page";

export const metadata: Metadata = {
  title: `${PROPOSAL_CATALOGUES.es.documentLabel} · ${site.name}`,
  robots: { index: false, follow: false },
};

export default async function ClientProposalPage({
  params,
}: PageProps<"/proposals/ai-generated/[token]">) {
  const { token } = await params;
  // Unknown, malformed, draft and withdrawn links answer the same 404 page (not-found.tsx beside this one).
  const isStaffPreview = (await getStaffSession()) !== null;
  if (!(await isClientLinkOpen(token, { isStaffPreview }))) notFound();
  return (
    <ClientProposal
      token={token}
      brand={site.name}
      phoneHref={phoneHref()}
      catalogues={PROPOSAL_CATALOGUES}
    />
  );
}
