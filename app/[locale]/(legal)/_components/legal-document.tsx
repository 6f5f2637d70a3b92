import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { IntentLink } from "@/components/ui/intent-link";
import { StandaloneFrame } from "@/components/frame/standalone-frame";
import { JsonLd } from "@/components/seo/json-ld";
import { Breadcrumb, breadcrumbJsonLd } from "@/components/ui/breadcrumb";
import type { Locale } from "@/lib/i18n/routing";
import { getLegalSections, type LegalDocumentName } from "@/lib/legal/legal-content";
import { routing } from "@/lib/i18n/routing";
import { PRIVACY_PATH, TERMS_PATH } from "@/lib/legal/paths";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { site } from "@/lib/site";

interface LegalDocumentProps {
  locale: Locale;
  document: LegalDocumentName;
}

/** Where each legal document lives and what its breadcrumb says. */
const DOCUMENTS = {
  Privacy: { pathname: PRIVACY_PATH, breadcrumbKey: "privacyBreadcrumb" },
  Terms: { pathname: TERMS_PATH, breadcrumbKey: "termsBreadcrumb" },
} as const satisfies Record<LegalDocumentName, { pathname: string; breadcrumbKey: string }>;

/** Metadata of a legal page; `{}` for a locale we do not serve (the page itself answers 404). */
export async function legalDocumentMetadata(
  locale: string,
  document: LegalDocumentName,
): Promise<Metadata> {
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: document });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  return buildPageMetadata({
    locale,
    pathname: DOCUMENTS[document].pathname,
    title: t("metaTitle", { brand: site.name }),
    description: t("metaDescription", { brand: site.name }),
    image: defaultSocialImage(tMeta("socialImageAlt", { brand: site.name })),
  });
}

/** A legal page for a route's `locale` parameter: 404 for an unknown locale. */
export async function LegalDocumentPage({
  locale,
  document,
}: {
  locale: string;
  document: LegalDocumentName;
}) {
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return <LegalDocument locale={locale} document={document} />;
}

const linkClass = "font-medium text-highlight underline underline-offset-4 print:text-black";

/**
 * A legal page: breadcrumb and back link, title and date, a table of contents with in-page anchors,
 * then the numbered sections. Prints as plain black text without the site's controls.
 */
async function LegalDocument({ locale, document }: LegalDocumentProps) {
  const { pathname, breadcrumbKey } = DOCUMENTS[document];
  const t = await getTranslations({ locale, namespace: document });
  const tLegal = await getTranslations({ locale, namespace: "Legal" });
  const tTrail = await getTranslations({ locale, namespace: "BreadcrumbNav" });
  const sections = await getLegalSections(
    locale,
    document,
    { brand: site.name, email: site.contactEmail },
    {
      mail: (chunks) => (
        <a href={`mailto:${site.contactEmail}`} className={linkClass}>
          {chunks}
        </a>
      ),
      privacy: (chunks) => (
        <IntentLink href={localizedPath(PRIVACY_PATH, locale)} className={linkClass}>
          {chunks}
        </IntentLink>
      ),
    },
  );
  const homeHref = localizedPath("/", locale);
  const trail = [{ label: tTrail("home"), href: homeHref }, { label: tLegal(breadcrumbKey) }];

  return (
    <StandaloneFrame locale={locale}>
      <JsonLd data={breadcrumbJsonLd(trail, localizedPath(pathname, locale), site.siteUrl)} />
      <div className="mx-auto max-w-3xl px-4 pt-6 sm:px-6 print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Breadcrumb label={tTrail("label")} items={trail} />
          <IntentLink
            href={homeHref}
            className="inline-flex min-h-6 items-center gap-2 text-sm font-semibold text-highlight underline-offset-4 hover:underline"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M13 8H3M7 4 3 8l4 4" />
            </svg>
            {tLegal("backHome")}
          </IntentLink>
        </div>
      </div>

      <article className="mx-auto max-w-3xl px-4 pt-10 pb-20 leading-relaxed sm:px-6 print:max-w-none print:px-0 print:pt-0 print:text-black">
        <header className="border-b border-border pb-8">
          <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            {t("title")}
          </h1>
          <p className="mt-3 text-sm font-medium text-muted print:text-black">{t("updated")}</p>
          <p className="mt-6 text-lg text-muted print:text-black">
            {t("intro", { brand: site.name })}
          </p>
        </header>

        <nav
          aria-labelledby="toc-title"
          className="my-10 rounded-2xl border border-border bg-surface p-6 print:border-black print:bg-transparent"
        >
          <h2 id="toc-title" className="font-display text-lg font-semibold">
            {tLegal("toc")}
          </h2>
          <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-6 items-baseline gap-2 underline-offset-4 hover:text-highlight hover:underline print:no-underline"
                >
                  <span className="w-6 shrink-0 text-right font-mono text-xs text-muted tabular-nums print:text-black">
                    {index + 1}.
                  </span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="space-y-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              data-legal-section
              className="scroll-mt-24 break-inside-avoid-page"
            >
              <h2
                id={`${section.id}-title`}
                className="font-display text-2xl font-semibold tracking-tight"
              >
                <span className="text-accent-text print:text-black">{index + 1}.</span>{" "}
                {section.title}
              </h2>
              <p className="mt-3">{section.body}</p>
              {section.items.length > 0 && (
                <ul className="mt-3 list-disc space-y-2 pl-6 marker:text-accent-text print:marker:text-black">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.note && <p className="mt-3">{section.note}</p>}
            </section>
          ))}
        </div>
      </article>
    </StandaloneFrame>
  );
}
