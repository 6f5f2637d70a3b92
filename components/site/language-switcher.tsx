"use client";

import NextLink from "next/link";
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
  return (
    <nav aria-label={label} className="flex items-center rounded-full border border-border p-0.5 text-xs font-semibold">
      {routing.locales.map((locale) => {
        const isCurrent = locale === currentLocale;
        return (
          // next-intl's Link prefixes the default locale when switching to it (/es); we want the canonical `/`.
          <NextLink
            key={locale}
            href={getPathname({ href: pathname, locale })}
            hrefLang={locale}
            lang={locale}
            aria-current={isCurrent ? "true" : undefined}
            className={`rounded-full px-2.5 py-1.5 transition-colors ${isCurrent ? "bg-foreground text-background" : "text-muted hover:text-foreground"}`}
          >
            {options[locale].short}
            {/* The full name in the link text (not aria-label), so the spoken name starts with what is shown. */}
            <span className="sr-only"> {options[locale].name}</span>
          </NextLink>
        );
      })}
    </nav>
  );
}
