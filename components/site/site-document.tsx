import type { ReactNode } from "react";
import { fontVariables } from "@/lib/fonts";
import type { Locale } from "@/lib/i18n/routing";
import { themeScript } from "@/lib/theme/theme-script";

/**
 * <html> for every public page: the right `lang`, fonts and the theme set before first paint.
 * Each area adds its own frame inside (the marketing site: components/site/site-chrome.tsx).
 * No next-intl provider and no toast host: public client components get their text as props, and
 * the one that shows toasts (the contact form) brings its host, so neither is in every first load.
 */
export function SiteDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <html lang={locale} className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">{children}</body>
    </html>
  );
}
