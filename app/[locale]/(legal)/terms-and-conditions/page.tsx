import { LegalDocumentPage, legalDocumentMetadata } from "../_components/legal-document";

export async function generateMetadata({ params }: PageProps<"/[locale]/terms-and-conditions">) {
  return legalDocumentMetadata((await params).locale, "Terms");
}

export default async function TermsPage({ params }: PageProps<"/[locale]/terms-and-conditions">) {
  return <LegalDocumentPage locale={(await params).locale} document="Terms" />;
}
