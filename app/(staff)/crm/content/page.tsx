import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { getStaffFormatter } from "@/app/(staff)/_components/staff-time-zone";
import { StudioTabs } from "@/components/content/studio-tabs";
import { LockScreen } from "@/components/staff/lock-screen";
import { ARTICLE_STATUSES, type ArticleStatus } from "@/lib/content/article.schema";
import { listArticles } from "@/lib/content/article.service";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  return { title: `${t("title")} · ${site.name}` };
}

const STATUS_TONE: Record<ArticleStatus, string> = {
  draft: "bg-surface-strong",
  scheduled: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  published: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  archived: "bg-surface-strong text-muted",
};

/** The content studio's list: every article with its status and languages, filtered by status. */
export default async function ContentStudioPage({ searchParams }: PageProps<"/crm/content">) {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const locale = await getStaffLocale();
  const t = await getTranslations({ locale, namespace: "ContentStudio" });
  const format = await getStaffFormatter(locale);
  const requested = (await searchParams).status;
  const status = ARTICLE_STATUSES.find((candidate) => candidate === requested);
  const { data: articles } = await listArticles({ status, limit: 100 });
  const filters: { value: ArticleStatus | undefined; label: string }[] = [
    { value: undefined, label: t("all") },
    ...ARTICLE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
  ];

  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <StudioTabs
          current="articles"
          label={t("sectionsLabel")}
          articles={t("articlesTab")}
          jobs={t("jobsTab")}
        />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="space-y-2">
            <h1 className="font-display text-2xl font-semibold">{t("title")}</h1>
            <p className="max-w-2xl text-muted">{t("intro")}</p>
          </div>
          <IntentLink
            href="/crm/content/new"
            className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent hover:brightness-110"
          >
            {t("newArticle")}
          </IntentLink>
        </div>
        <nav aria-label={t("filtersLabel")}>
          <ul className="flex flex-wrap gap-2">
            {filters.map((filter) => (
              <li key={filter.label}>
                <IntentLink
                  href={filter.value ? `/crm/content?status=${filter.value}` : "/crm/content"}
                  aria-current={filter.value === status ? "page" : undefined}
                  className="inline-flex min-h-9 items-center rounded-full border border-border px-3 text-sm aria-[current=page]:bg-ink-950 aria-[current=page]:text-mist-50"
                >
                  {filter.label}
                </IntentLink>
              </li>
            ))}
          </ul>
        </nav>
        {articles.length === 0 ? (
          <p>{t("empty")}</p>
        ) : (
          <ul className="divide-y divide-border rounded-2xl border border-border bg-background">
            {articles.map((article) => {
              // The title in the language the staff member works in, else the other one.
              const main =
                article.translations[locale] ?? article.translations.es ?? article.translations.en!;
              return (
                <li key={article.id} className="flex flex-wrap items-center gap-3 p-4">
                  <div className="min-w-0 flex-1 basis-64">
                    <IntentLink
                      href={`/crm/content/${article.id}`}
                      className="font-semibold break-words underline-offset-4 hover:underline"
                    >
                      {main.title || t("untitled")}
                    </IntentLink>
                    <p className="text-sm text-muted">
                      {t("languages")}:{" "}
                      {Object.keys(article.translations)
                        .map((language) => language.toUpperCase())
                        .join(" · ")}{" "}
                      · {t("updated")}{" "}
                      {format.dateTime(new Date(article.updated_at), { dateStyle: "medium" })}
                    </p>
                  </div>
                  <span
                    className={`rounded-full px-3 py-1 text-sm font-medium ${STATUS_TONE[article.status]}`}
                  >
                    {article.status === "scheduled" && article.scheduled_at
                      ? t("scheduledFor", {
                          date: format.dateTime(new Date(article.scheduled_at), {
                            dateStyle: "medium",
                            timeStyle: "short",
                          }),
                        })
                      : t(`status.${article.status}`)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </main>
    </>
  );
}
