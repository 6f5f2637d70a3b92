import type { LegalDocumentName } from "./legal-content";

/**
 * The day each legal document took effect in its current version (YYYY-MM-DD): the date its page
 * states at the top ("Last updated" / "In force since") and the sitemap's lastmod. Change the text
 * and this date together.
 */
export const LEGAL_EFFECTIVE_DATES: Record<LegalDocumentName, string> = {
  Privacy: "2026-11-26",
  Terms: "2025-09-01",
};
