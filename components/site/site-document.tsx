import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import { fontVariables } from "@/lib/fonts";
import type { Locale } from "@/lib/i18n/routing";
import { themeScript } from "@/lib/theme/theme-script";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** <html> for the public site: right `lang`, theme before first paint, header, main, footer. */
export async function SiteDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = await getTranslations({ locale, namespace: "Common" });
  return (
    <html lang={locale} className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* Gives client components the locale; their text comes as props, so no message catalogue is shipped to the browser. */}
        <NextIntlClientProvider locale={locale} messages={null}>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
          >
            {t("skipToContent")}
          </a>
          <SiteHeader locale={locale} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter locale={locale} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
