import type { ReactNode } from "react";
import { LocaleProvider } from "@/components/i18n/locale-provider";
import { fontVariables } from "@/lib/fonts";
import type { Locale } from "@/lib/i18n/routing";
import { themeScript } from "@/lib/theme/theme-script";

/**
 * <html> for every public page: the right `lang`, fonts, and the theme set before first paint.
 * Each area adds its own frame inside (the marketing site: components/site/site-chrome.tsx).
 */
export function SiteDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <html lang={locale} className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <LocaleProvider locale={locale}>{children}</LocaleProvider>
      </body>
    </html>
  );
}
