"use client";

import { LocalePairLinks } from "@/components/frame/locale-pair-links";
import { getPathname, usePathname } from "@/lib/i18n/navigation";
import { routing, type Locale } from "@/lib/i18n/routing";

interface LanguageSwitcherProps {
  currentLocale: Locale;
  label: string;
  /** Short label (EN/ES) and full language name per locale, already translated by the server. */
  options: Record<Locale, { short: string; name: string }>;
}

/** EN/ES pair that keeps the visitor on the same page in the other language. */
export function LanguageSwitcher({ currentLocale, label, options }: LanguageSwitcherProps) {
  const pathname = usePathname();
  // getPathname gives the canonical address (`/` for Spanish); next-intl's Link would prefix /es when switching.
  const hrefs = Object.fromEntries(
    routing.locales.map((locale) => [locale, getPathname({ href: pathname, locale })]),
  ) as Record<Locale, string>;
  return (
    <LocalePairLinks currentLocale={currentLocale} hrefs={hrefs} label={label} options={options} />
  );
}
