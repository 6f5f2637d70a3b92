import {
  SampleProposalPage,
  sampleProposalMetadata,
} from "@/components/proposals/sample-proposal-page";
import { SANTO_DOMINGO_MOTORS } from "@/lib/proposals/sample-proposals";

export const metadata = sampleProposalMetadata(SANTO_DOMINGO_MOTORS);

export default function SantoDomingoMotorsProposalPage() {
  return <SampleProposalPage sample={SANTO_DOMINGO_MOTORS} slug="santo-domingo-motors" />;
}
