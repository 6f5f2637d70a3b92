import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { LocaleProvider } from "@/components/i18n/locale-provider";
import { ToastHost } from "@/components/ui/toast";
import { fontVariables } from "@/lib/fonts";
import type { Locale } from "@/lib/i18n/routing";
import { themeScript } from "@/lib/theme/theme-script";

/**
 * <html> for every public page: the right `lang`, fonts, the theme set before first paint, and the
 * site-wide toast host (one toast at a time).
 * Each area adds its own frame inside (the marketing site: components/site/site-chrome.tsx).
 */
export async function SiteDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = await getTranslations({ locale, namespace: "Common" });
  return (
    <html lang={locale} className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <LocaleProvider locale={locale}>
          {children}
          <ToastHost closeLabel={t("dismissToast")} />
        </LocaleProvider>
      </body>
    </html>
  );
}
