"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { LANGUAGE_STORAGE_KEY } from "@/lib/careers/language-preference";
import type { Locale } from "@/lib/i18n/routing";

function readStoredLocale(hrefs: Record<Locale, string>): Locale | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored && stored in hrefs ? (stored as Locale) : null;
  } catch {
    return null; // Storage blocked (private mode): the URL's language stands.
  }
}

interface StoredLanguageButtonProps {
  targetLocale: Locale;
  hrefs: Record<Locale, string>;
  text: string;
  ariaLabel: string;
}

/** The job page's single language button: remembers the choice under `av_lang`, then opens the page in that language. */
export function StoredLanguageButton({
  targetLocale,
  hrefs,
  text,
  ariaLabel,
}: StoredLanguageButtonProps) {
  const router = useRouter();
  function choose() {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, targetLocale);
    } catch {
      // Without storage the choice lasts for this visit only.
    }
    router.push(hrefs[targetLocale]);
  }
  return (
    <button
      type="button"
      onClick={choose}
      lang={targetLocale}
      aria-label={ariaLabel}
      className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-border px-3 py-1 text-sm font-semibold transition-colors hover:bg-surface-strong"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
      </svg>
      {text}
    </button>
  );
}

/**
 * The page's language comes from its URL; a choice stored earlier with the button above wins,
 * so a visitor who picked English is sent back to the English page when they return to the Spanish URL.
 */
export function StoredLanguageRedirect({
  currentLocale,
  hrefs,
}: {
  currentLocale: Locale;
  hrefs: Record<Locale, string>;
}) {
  const router = useRouter();
  useEffect(() => {
    const stored = readStoredLocale(hrefs);
    if (stored && stored !== currentLocale) router.replace(hrefs[stored]);
  }, [currentLocale, hrefs, router]);
  return null;
}
