import {
  SampleProposalPage,
  sampleProposalMetadata,
} from "@/components/proposals/sample-proposal-page";
import { SANTO_DOMINGO_MOTORS_MVP } from "@/lib/proposals/sample-proposals";

export const metadata = sampleProposalMetadata(SANTO_DOMINGO_MOTORS_MVP);

export default function SantoDomingoMotorsPilotPage() {
  return <SampleProposalPage sample={SANTO_DOMINGO_MOTORS_MVP} slug="santo-domingo-motors-mvp" />;
}
