import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import { site } from "@/lib/site";
import { ChatWidget } from "./chat-widget";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The marketing site's frame: skip link, sticky header, main landmark, footer, chat widget. */
export async function SiteChrome({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = await getTranslations({ locale, namespace: "Common" });
  return (
    <>
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
      {site.chatWidget.enabled ? (
        <ChatWidget
          locale={locale}
          scriptUrl={site.chatWidget.scriptUrl}
          widgetId={site.chatWidget.id[locale]}
        />
      ) : null}
    </>
  );
}
