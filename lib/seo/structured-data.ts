import type { Locale } from "@/lib/i18n/routing";
import { site } from "@/lib/site";
import { localizedPath } from "./metadata";

const absolute = (path: string) => `${site.siteUrl}${path}`;

/** FAQPage for the home page, in the page's language. */
export function faqPageJsonLd(locale: Locale, items: { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: locale,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function articleJsonLd({
  locale,
  slug,
  title,
  description,
  datePublished,
  image,
}: {
  locale: Locale;
  slug: string;
  title: string;
  description: string;
  datePublished: string;
  image: string;
}) {
  const url = absolute(localizedPath(`/blog/${slug}`, locale));
  const organization = {
    "@type": "Organization",
    name: site.name,
    url: absolute(localizedPath("/", locale)),
  };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: title,
    description,
    inLanguage: locale,
    datePublished,
    dateModified: datePublished,
    image: absolute(image),
    mainEntityOfPage: url,
    url,
    author: organization,
    publisher: organization,
  };
}
