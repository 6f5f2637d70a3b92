import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { LegalDocument } from "../_components/legal-document";
import { routing } from "@/lib/i18n/routing";
import { PRIVACY_PATH } from "@/lib/legal/paths";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/privacy-policy">): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "Privacy" });
  return buildPageMetadata({
    locale,
    pathname: PRIVACY_PATH,
    title: t("metaTitle", { brand: site.name }),
    description: t("metaDescription", { brand: site.name }),
  });
}

export default async function PrivacyPolicyPage({ params }: PageProps<"/[locale]/privacy-policy">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "Legal" });
  return (
    <LegalDocument
      locale={locale}
      document="Privacy"
      pathname={PRIVACY_PATH}
      breadcrumbLabel={t("privacyBreadcrumb")}
    />
  );
}
