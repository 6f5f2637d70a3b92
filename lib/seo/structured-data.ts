import type { Locale } from "@/lib/i18n/routing";
import { site } from "@/lib/site";
import { localizedPath } from "./metadata";
import { defaultSocialImage, LOGO_PATH, LOGO_SIZE } from "./social-image";

const absolute = (path: string) => `${site.siteUrl}${path}`;

/** The brand's logo as search engines want it beside results and articles: a PNG with its size. */
function logoImage() {
  return { "@type": "ImageObject", url: absolute(LOGO_PATH), width: LOGO_SIZE, height: LOGO_SIZE };
}

/**
 * Organization for the home page: who runs the site, its logo and how to reach sales, in the
 * page's language. The same `@id` on both languages tells search engines it is one organisation.
 */
export function organizationJsonLd(locale: Locale) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${absolute("/")}#organization`,
    name: site.name,
    url: absolute(localizedPath("/", locale)),
    logo: logoImage(),
    email: site.contactEmail,
    telephone: site.phone,
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        email: site.contactEmail,
        telephone: site.phone,
        availableLanguage: ["es", "en"],
      },
    ],
  };
}

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
  dateModified = datePublished,
  authorName = null,
  image,
}: {
  locale: Locale;
  slug: string;
  title: string;
  description: string;
  datePublished: string;
  dateModified?: string;
  /** The staff member who wrote it; the firm itself when unknown (the articles that came from code). */
  authorName?: string | null;
  /** The article's social image; the site's default one when it has no cover. */
  image: string | null;
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
    dateModified,
    image: absolute(image ?? defaultSocialImage(site.name).path),
    mainEntityOfPage: url,
    url,
    author: authorName
      ? { "@type": "Person", name: authorName, worksFor: organization }
      : organization,
    publisher: { ...organization, logo: logoImage() },
  };
}
