import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { LazyImage } from "@/components/ui/lazy-image";
import type { PublicArticle } from "@/lib/content/public-articles";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";

/** Blog card: cover, title, excerpt and 'Read more', used on the home page and the blog index. */
export async function ArticleCard({
  article,
  locale,
  headingLevel: Heading,
  isAboveFold = false,
}: {
  article: PublicArticle;
  locale: Locale;
  headingLevel: "h2" | "h3";
  isAboveFold?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: "Blog" });
  const tImage = await getTranslations({ locale, namespace: "LazyImage" });
  const href = localizedPath(`/blog/${article.slug}`, locale);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-background">
      {article.cover && (
        <LazyImage
          src={article.cover.url}
          alt={article.cover.alt}
          width={article.cover.width}
          height={article.cover.height}
          failedText={tImage("failed")}
          isAboveFold={isAboveFold}
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <Heading className="font-display text-lg font-semibold">
          <IntentLink href={href} className="underline-offset-4 hover:underline">
            {article.title}
          </IntentLink>
        </Heading>
        <p className="mt-3 text-sm text-muted">{article.excerpt}</p>
        <IntentLink
          href={href}
          className="mt-auto self-start pt-5 text-sm font-semibold text-highlight underline-offset-4 hover:underline"
        >
          {t("readMore")}
          <span className="sr-only">: {article.title}</span>
        </IntentLink>
      </div>
    </article>
  );
}
