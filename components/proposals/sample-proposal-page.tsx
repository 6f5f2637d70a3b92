import type { Metadata } from "next";
import type { BilingualProposal } from "@/lib/proposals/sample-proposals";
import { clientNameOf } from "@/lib/proposals/client-name";
import { phoneHref, site } from "@/lib/site";
import { PROPOSAL_CATALOGUES } from "./proposal-catalogues";
import { ProposalViewer } from "./proposal-viewer";

export function sampleProposalMetadata(sample: BilingualProposal): Metadata {
  return {
    title: PROPOSAL_CATALOGUES.es.metaTitle
      .replace("{client}", clientNameOf(sample.es))
      .replace("{brand}", site.name),
    robots: { index: false, follow: false },
  };
}

/** A fixed sample proposal in both languages; its signature is kept in the visitor's browser. */
export function SampleProposalPage({
  sample,
  slug,
}: {
  sample: BilingualProposal;
  /** Its name in URLs: the signature's storage key and the PDF's file name. */
  slug: string;
}) {
  return (
    <ProposalViewer
      brand={site.name}
      phoneHref={phoneHref()}
      catalogues={PROPOSAL_CATALOGUES}
      documents={sample}
      signatureMode={{ kind: "local", storageKey: `sample_${slug}` }}
      pdfPath={`/api/proposals/samples/${slug}.pdf`}
      hasStaffActions
    />
  );
}
