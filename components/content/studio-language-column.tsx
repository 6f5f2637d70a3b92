"use client";

import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { ArticleLocale } from "@/lib/content/article.schema";

/**
 * One language of a studio editor (an article's or a job's): its heading, the box that includes or
 * leaves out the language, and the fields when it is included. The column carries `lang`, so screen
 * readers read each language's text in its own voice.
 */
export function StudioLanguageColumn({
  locale,
  idPrefix,
  isIncluded,
  onInclude,
  includeLabel,
  absentText,
  children,
}: {
  locale: ArticleLocale;
  /** Keeps the heading's id apart from another editor's on the same page. */
  idPrefix: string;
  isIncluded: boolean;
  onInclude: (isIncluded: boolean) => void;
  /** "Write this article in {language}", given the language as it reads in a sentence. */
  includeLabel: (language: string) => string;
  /** What leaving the language out means for readers, given the language as it reads in a sentence. */
  absentText: (language: string) => string;
  children: ReactNode;
}) {
  const t = useTranslations("ContentStudio");
  const staffLocale = useLocale();
  const language = t(`language.${locale}`);
  // A language's name is capitalised in English and not in Spanish ("in Spanish", "en español").
  const inSentence = staffLocale === "es" ? language.toLowerCase() : language;
  const headingId = `${idPrefix}-${locale}`;

  return (
    <section
      lang={locale}
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-2xl border border-border bg-background p-4 sm:p-6"
    >
      <h2 id={headingId} className="font-display text-xl font-semibold">
        {language}
      </h2>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5"
          checked={isIncluded}
          onChange={(event) => onInclude(event.target.checked)}
        />
        {includeLabel(inSentence)}
      </label>
      {isIncluded ? children : <p className="text-muted">{absentText(inSentence)}</p>}
    </section>
  );
}
