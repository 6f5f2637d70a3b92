import "server-only";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import { retentionPolicyValues } from "@/lib/settings/retention-periods";

export type LegalDocumentName = "Privacy" | "Terms";

export interface LegalSection {
  /** In-page anchor, e.g. "data-controller". */
  id: string;
  title: string;
  body: ReactNode;
  items: string[];
  note?: string;
}

interface RawSection {
  title: string;
  body: string;
  items?: Record<string, string>;
  note?: string;
}

type RichTags = Record<"mail" | "privacy", (chunks: ReactNode) => ReactNode>;

const anchorOf = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The numbered sections of a legal document, in catalogue order. Bodies are rich text: `<mail>`
 * and `<privacy>` become links supplied by the page; lists and notes are plain text.
 */
export async function getLegalSections(
  locale: Locale,
  document: LegalDocumentName,
  values: { brand: string; email: string },
  tags: RichTags,
): Promise<LegalSection[]> {
  const t = await getTranslations({ locale });
  const sections = t.raw(`${document}.sections` as Parameters<typeof t.raw>[0]) as Record<
    string,
    RawSection
  >;
  return Object.entries(sections).map(([key, section]) => ({
    id: anchorOf(key),
    title: section.title,
    body: t.rich(`${document}.sections.${key}.body` as Parameters<typeof t.rich>[0], {
      ...values,
      ...tags,
    }),
    // Items are formatted too: the retention periods come from lib/privacy/retention.ts.
    items: Object.keys(section.items ?? {}).map((item) =>
      t(`${document}.sections.${key}.items.${item}` as Parameters<typeof t>[0], {
        ...values,
        ...retentionPolicyValues(),
      }),
    ),
    note: section.note,
  }));
}
