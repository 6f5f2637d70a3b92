import { hasLocale } from "next-intl";
import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { SiteChrome } from "@/components/site/site-chrome";
import { routing } from "@/lib/i18n/routing";

// Marketing pages share the site header and footer; other public areas bring their own frame.
export default async function SiteLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return <SiteChrome locale={locale}>{children}</SiteChrome>;
}
