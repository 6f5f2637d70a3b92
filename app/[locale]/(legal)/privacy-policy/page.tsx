import { LegalDocumentPage, legalDocumentMetadata } from "../_components/legal-document";

// Only the two locales (the layout's generateStaticParams): any other first segment is unmatched and
// answered by app/global-not-found.tsx (tests/unit/site/not-found-reach.test.ts).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/privacy-policy">) {
  return legalDocumentMetadata((await params).locale, "Privacy");
}

export default async function PrivacyPolicyPage({ params }: PageProps<"/[locale]/privacy-policy">) {
  return <LegalDocumentPage locale={(await params).locale} document="Privacy" />;
}
