import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { ArticleCard } from "@/components/site/article-card";
import { SectionHeading } from "@/components/site/section-heading";
import { publishedArticles } from "@/lib/content/public-articles";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";

export async function Insights({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.insights" });
  const articles = await publishedArticles(locale, 3);
  return (
    <section id="insights" aria-labelledby="insights-title">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading
            id="insights-title"
            eyebrow={t("eyebrow")}
            title={t("title")}
            lead={t("lead")}
          />
          <IntentLink
            href={localizedPath("/blog", locale)}
            prefetch={false}
            className="shrink-0 py-1 font-semibold text-highlight underline-offset-4 hover:underline"
          >
            {t("all")}
          </IntentLink>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} locale={locale} headingLevel="h3" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
