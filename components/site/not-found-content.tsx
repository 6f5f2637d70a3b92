import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { SOLUTION_SLUGS } from "@/lib/content/solutions";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

/** An article the 404 lists: its title and its slug in the page's language. */
export interface NotFoundArticle {
  id: string;
  title: string;
  slug: string;
}

/**
 * The branded 404. It lists the solutions and articles so that a stale /solutions/… or /blog/… link
 * still leads somewhere useful (unknown slugs answer 404 rather than showing another page's content).
 */
export async function NotFoundContent({
  locale,
  articles,
}: {
  locale: Locale;
  /** The newest live articles (none when they cannot be read: the 404 still draws). */
  articles: NotFoundArticle[];
}) {
  const t = await getTranslations({ locale, namespace: "NotFound" });
  const tSolutions = await getTranslations({ locale, namespace: "Solutions.items" });
  const listLink = "block py-1.5 font-medium text-highlight underline-offset-4 hover:underline";
  return (
    <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <section className="flex max-w-2xl flex-col items-start gap-6">
        <p className="font-mono text-sm font-semibold tracking-widest text-accent-text uppercase">
          {t("code")}
        </p>
        <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {t("title")}
        </h1>
        <p className="text-lg text-muted">{t("body")}</p>
        <div className="flex flex-wrap items-center gap-4">
          <IntentLink
            href={localizedPath("/", locale)}
            className="rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent transition hover:brightness-110"
          >
            {t("home")}
          </IntentLink>
          <a
            href={`mailto:${site.contactEmail}`}
            className="text-sm font-medium text-highlight underline-offset-4 hover:underline"
          >
            {t("contact", { email: site.contactEmail })}
          </a>
        </div>
      </section>
      <div className="mt-16 grid gap-10 border-t border-border pt-10 md:grid-cols-2">
        <nav aria-labelledby="not-found-solutions">
          <h2 id="not-found-solutions" className="font-display text-xl font-semibold">
            {t("solutions")}
          </h2>
          <ul className="mt-4">
            {SOLUTION_SLUGS.map((slug) => (
              <li key={slug}>
                <IntentLink href={localizedPath(`/solutions/${slug}`, locale)} className={listLink}>
                  {tSolutions(`${slug}.title`)}
                </IntentLink>
              </li>
            ))}
          </ul>
        </nav>
        {articles.length > 0 && (
          <nav aria-labelledby="not-found-articles">
            <h2 id="not-found-articles" className="font-display text-xl font-semibold">
              {t("articles")}
            </h2>
            <ul className="mt-4">
              {articles.map((article) => (
                <li key={article.id}>
                  <IntentLink
                    href={localizedPath(`/blog/${article.slug}`, locale)}
                    className={listLink}
                  >
                    {article.title}
                  </IntentLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}
