import "server-only";
import { revalidatePath } from "next/cache";

/**
 * Asks Next.js to rebuild every page that lists or shows articles on its next visit (on this
 * instance at once; the others pick the change up within their 60-second revalidate interval).
 * Outside a Next.js server (the worker process, a script) there is nothing to revalidate.
 */
export function revalidateArticlePages(): void {
  try {
    // The home page's insights; then everything under the blog: the index, every article and both feeds.
    revalidatePath("/[locale]", "page");
    revalidatePath("/[locale]/blog", "layout");
    revalidatePath("/sitemap-xml");
  } catch (error) {
    if (!/static generation store|outside a request scope|Invariant/i.test(String(error)))
      throw error;
  }
}

/** The same for job postings: the careers pages, the home page's careers teaser and the sitemap. */
export function revalidateJobPages(): void {
  try {
    revalidatePath("/[locale]", "page");
    revalidatePath("/[locale]/careers", "layout");
    revalidatePath("/sitemap-xml");
  } catch (error) {
    if (!/static generation store|outside a request scope|Invariant/i.test(String(error)))
      throw error;
  }
}
