import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/seo/json-ld";
import { routing } from "@/lib/i18n/routing";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { organizationJsonLd } from "@/lib/seo/structured-data";
import { site } from "@/lib/site";
import { Cases } from "./_components/home/cases";
import { CareersTeaser, ContactCta, LeadFormSection } from "./_components/home/closing-sections";
import { Differentiators } from "./_components/home/differentiators";
import { Expertise } from "./_components/home/expertise";
import { Faq } from "./_components/home/faq";
import { Hero } from "./_components/home/hero";
import { Industries } from "./_components/home/industries";
import { Insights } from "./_components/home/insights";
import { Outcomes } from "./_components/home/outcomes";
import { Process } from "./_components/home/process";
import { Receptionist } from "./_components/home/receptionist";
import { SolutionsSection } from "./_components/home/solutions-section";
import { VideoSection } from "./_components/home/video-section";

// Only the two locales (the layout's generateStaticParams): any other first segment is unmatched and
// answered by app/global-not-found.tsx (tests/unit/site/not-found-reach.test.ts).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]">): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return buildPageMetadata({
    locale,
    pathname: "/",
    title: t("title", { brand: site.name }),
    description: t("description"),
    keywords: t("keywords")
      .split(",")
      .map((keyword) => keyword.trim()),
    image: defaultSocialImage(t("socialImageAlt", { brand: site.name })),
  });
}

// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);

  return (
    <>
      <JsonLd data={organizationJsonLd(locale)} />
      <Hero locale={locale} />
      <Industries locale={locale} />
      <SolutionsSection locale={locale} />
      <Receptionist locale={locale} />
      <Outcomes locale={locale} />
      <VideoSection locale={locale} />
      <Expertise locale={locale} />
      <Process locale={locale} />
      <Differentiators locale={locale} />
      <Cases locale={locale} />
      <Insights locale={locale} />
      <Faq locale={locale} />
      <CareersTeaser locale={locale} />
      <LeadFormSection locale={locale} />
      <ContactCta locale={locale} />
    </>
  );
}
