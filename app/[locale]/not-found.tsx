import { getLocale } from "next-intl/server";
import { NotFoundContent } from "@/components/site/not-found-content";
import { SiteChrome } from "@/components/site/site-chrome";
import type { Locale } from "@/lib/i18n/routing";

export default async function LocaleNotFound() {
  const locale = (await getLocale()) as Locale;
  return (
    <SiteChrome locale={locale}>
      <NotFoundContent locale={locale} />
    </SiteChrome>
  );
}
