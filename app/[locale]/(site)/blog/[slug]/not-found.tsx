import { hasLocale } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { EntryNotFound } from "@/components/site/entry-not-found";
import { routing, type Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";

// An unknown article slug: the page renders on demand (articles are records), so its notFound() needs
// a boundary here; the (site) layout around it still draws the header and footer, and the answer is a 404.
export default async function ArticleNotFound() {
  const requested = await getLocale();
  const locale: Locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: "Blog" });
  return (
    <EntryNotFound
      locale={locale}
      backHref={localizedPath("/blog", locale)}
      backLabel={t("backToBlog")}
    />
  );
}
