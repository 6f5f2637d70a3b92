import "./globals.css";
import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import {
  ClientLinkNotFoundContent,
  clientLinkNotFoundTitle,
} from "@/components/proposals/client-link-not-found";
import { NotFoundContent, type NotFoundArticle } from "@/components/site/not-found-content";
import { SiteChrome } from "@/components/site/site-chrome";
import { SiteDocument } from "@/components/site/site-document";
import { fontVariables } from "@/lib/fonts";
import { routing, type Locale } from "@/lib/i18n/routing";
import { publishedArticles } from "@/lib/content/public-articles";
import { CLOSED_CLIENT_LINK_HEADER } from "@/lib/proposals/client-link-gate";
import { linkNotFoundText, visitorLang } from "@/lib/proposals/proposal-link.service";
import type { ProposalLang } from "@/lib/proposals/proposal.schema";
import { site } from "@/lib/site";

// Any URL no route matches (unknown pages, and unknown solution, article and job slugs, whose routes
// only accept the known ones) is answered here at the routing level, so the 404 is a complete
// server-rendered document: a notFound() thrown during rendering would reach visitors as an empty
// shell filled in by JavaScript. For the same reason proxy.ts routes a client link that does not open
// here, and it gets the client link's own 404 in the visitor's language.

/** The proxy (next-intl) names the locale it resolved from the path: `/en/…` English, otherwise Spanish. */
async function requestLocale(): Promise<Locale> {
  const resolved = (await headers()).get("x-next-intl-locale");
  return hasLocale(routing.locales, resolved) ? resolved : routing.defaultLocale;
}

/** The language of a closed client link's 404 (proxy.ts marks the request), else null. */
async function closedClientLinkLang(): Promise<ProposalLang | null> {
  const requestHeaders = await headers();
  if (requestHeaders.get(CLOSED_CLIENT_LINK_HEADER) === null) return null;
  return visitorLang(null, requestHeaders.get("accept-language"));
}

/** How many of the newest articles the 404 lists, so a stale /blog/… link still leads somewhere. */
const ARTICLES_LISTED = 5;

/** The newest live articles; none when the database cannot answer (the 404 must still draw). */
async function newestArticles(locale: Locale): Promise<NotFoundArticle[]> {
  try {
    const articles = await publishedArticles(locale, ARTICLES_LISTED);
    return articles.map(({ id, title, slug }) => ({ id, title, slug }));
  } catch (error) {
    console.error("The 404 page could not read the articles:", error);
    return [];
  }
}

export async function generateMetadata(): Promise<Metadata> {
  const linkLang = await closedClientLinkLang();
  // A client link's token must not leak through the Referer header, as on the proposal pages.
  if (linkLang)
    return { title: clientLinkNotFoundTitle(linkLang, site.name), referrer: "no-referrer" };
  const locale = await requestLocale();
  const t = await getTranslations({ locale, namespace: "Metadata" });
  // Next.js adds `<meta name="robots" content="noindex">` to every 404 itself.
  return { title: t("notFoundTitle", { brand: site.name }) };
}

export default async function GlobalNotFound() {
  const linkLang = await closedClientLinkLang();
  if (linkLang)
    return (
      <html lang={linkLang} className={fontVariables}>
        <body className="min-h-dvh">
          <ClientLinkNotFoundContent lang={linkLang} message={linkNotFoundText(linkLang)} />
        </body>
      </html>
    );
  const locale = await requestLocale();
  return (
    <SiteDocument locale={locale}>
      <SiteChrome locale={locale}>
        <NotFoundContent locale={locale} articles={await newestArticles(locale)} />
      </SiteChrome>
    </SiteDocument>
  );
}
