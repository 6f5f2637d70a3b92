import { LegalDocumentPage, legalDocumentMetadata } from "../_components/legal-document";

// Only the two locales (the layout's generateStaticParams): any other first segment is unmatched and
// answered by app/global-not-found.tsx (tests/unit/site/not-found-reach.test.ts).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/terms-and-conditions">) {
  return legalDocumentMetadata((await params).locale, "Terms");
}

export default async function TermsPage({ params }: PageProps<"/[locale]/terms-and-conditions">) {
  return <LegalDocumentPage locale={(await params).locale} document="Terms" />;
}
