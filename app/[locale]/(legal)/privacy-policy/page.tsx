import { LegalDocumentPage, legalDocumentMetadata } from "../_components/legal-document";

export async function generateMetadata({ params }: PageProps<"/[locale]/privacy-policy">) {
  return legalDocumentMetadata((await params).locale, "Privacy");
}

export default async function PrivacyPolicyPage({ params }: PageProps<"/[locale]/privacy-policy">) {
  return <LegalDocumentPage locale={(await params).locale} document="Privacy" />;
}
