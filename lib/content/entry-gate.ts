import "server-only";
import { DEDICATED_PAGE_JOB_ID, findPublicJob, isJobShownIn } from "@/lib/careers/careers.service";
import { findPublishedArticle } from "./public-articles";
import type { Locale } from "@/lib/i18n/routing";

/** An article or job address: its records render on demand, so the proxy answers the unknown ones. */
export interface PublicEntry {
  kind: "article" | "job";
  locale: Locale;
  id: string;
}

// rss.xml and other files are routes, not entries (no dot in an entry's id).
const ENTRY_PATH = /^(?:\/(en))?\/(blog|careers)\/([^/.]+)\/?$/;

export function publicEntryOf(pathname: string): PublicEntry | null {
  const match = ENTRY_PATH.exec(pathname);
  if (!match) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[3]!);
  } catch {
    return null;
  }
  // The job with a page of its own is a route of its own.
  if (match[2] === "careers" && id === DEDICATED_PAGE_JOB_ID) return null;
  return { kind: match[2] === "blog" ? "article" : "job", locale: match[1] ? "en" : "es", id };
}

/**
 * Whether no visitor may see this entry: no live article (nor an old slug of one), or no open or closed job
 * written in this language. Such an address gets the site's full 404, server-rendered, instead of a
 * `notFound()` during an on-demand render, which Next.js sends as a bare document without JavaScript.
 */
export async function isPublicEntryMissing(entry: PublicEntry): Promise<boolean> {
  if (entry.kind === "article")
    return (await findPublishedArticle(entry.locale, entry.id)).kind === "missing";
  const job = await findPublicJob(entry.id);
  return !job || !isJobShownIn(job, entry.locale);
}
