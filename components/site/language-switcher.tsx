"use client";

import { usePathname } from "next/navigation";
import { LocalePairLinks } from "@/components/frame/locale-pair-links";
import { pathInLocale } from "@/lib/i18n/locale-path";
import { routing, type Locale } from "@/lib/i18n/routing";

interface LanguageSwitcherProps {
  currentLocale: Locale;
  label: string;
  /** Short label (EN/ES) and full language name per locale, already translated by the server. */
  options: Record<Locale, { short: string; name: string }>;
}

/** EN/ES pair that keeps the visitor on the same page in the other language. */
export function LanguageSwitcher({ currentLocale, label, options }: LanguageSwitcherProps) {
  // Prerendered Spanish pages see their internal `/es/…` path on the server and `/…` in the browser;
  // pathInLocale maps both to the same canonical address (`/` for Spanish), so hydration matches.
  const pathname = usePathname();
  const hrefs = Object.fromEntries(
    routing.locales.map((locale) => [locale, pathInLocale(pathname, locale)]),
  ) as Record<Locale, string>;
  return (
    <LocalePairLinks currentLocale={currentLocale} hrefs={hrefs} label={label} options={options} />
  );
}
