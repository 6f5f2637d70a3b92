"use client";

import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import type { Locale } from "@/lib/i18n/routing";

/**
 * Gives client components the page's locale. Rendered as a client component on purpose: next-intl's
 * server-side provider reads the request config without a locale, which turns static pages dynamic.
 * Client components receive their text as props, so no message catalogue is shipped to the browser.
 */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={null}>
      {children}
    </NextIntlClientProvider>
  );
}
