import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { LazyImage } from "@/components/ui/lazy-image";
import { articleCover, type ArticleSlug } from "@/lib/content/blog";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";

/** Blog card: cover, title, excerpt and 'Read more', used on the home page and the blog index. */
export async function ArticleCard({
  slug,
  locale,
  headingLevel: Heading,
  isAboveFold = false,
}: {
  slug: ArticleSlug;
  locale: Locale;
  headingLevel: "h2" | "h3";
  isAboveFold?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: "Blog" });
  const tImage = await getTranslations({ locale, namespace: "LazyImage" });
  const title = t(`articles.${slug}.title`);
  const href = localizedPath(`/blog/${slug}`, locale);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-background">
      <LazyImage
        src={articleCover(slug)}
        alt=""
        width={1200}
        height={630}
        failedText={tImage("failed")}
        isAboveFold={isAboveFold}
      />
      <div className="flex flex-1 flex-col p-6">
        <Heading className="font-display text-lg font-semibold">
          <IntentLink href={href} className="underline-offset-4 hover:underline">
            {title}
          </IntentLink>
        </Heading>
        <p className="mt-3 text-sm text-muted">{t(`articles.${slug}.excerpt`)}</p>
        <IntentLink
          href={href}
          className="mt-auto self-start pt-5 text-sm font-semibold text-highlight underline-offset-4 hover:underline"
        >
          {t("readMore")}
          <span className="sr-only">: {title}</span>
        </IntentLink>
      </div>
    </article>
  );
}
