import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { LockScreen } from "@/components/staff/lock-screen";
import { ARTICLE_LOCALES, type ArticleLocale } from "@/lib/content/article.schema";
import { getArticle } from "@/lib/content/article.service";
import { renderArticleBody } from "@/lib/content/markdown";
import { AppError } from "@/lib/http/app-error";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  // A draft is nobody's business but the staff's: never indexed, never sent as a referrer.
  return {
    title: `${t("previewTitle")} · ${site.name}`,
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

/**
 * The staff-only preview of an article in any state, drawn as the public page draws it (the same
 * renderer and the same `article-body` styles). The link works for signed-in staff only: the page checks
 * the session like every staff page, and a draft never reaches a public route.
 */
export default async function ArticlePreviewPage({
  params,
  searchParams,
}: PageProps<"/crm/content/[id]/preview">) {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const article = await getArticle(id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const staffLocale = await getStaffLocale();
  const t = await getTranslations({ locale: staffLocale, namespace: "ContentStudio" });
  const asked = (await searchParams).lang;
  const written = ARTICLE_LOCALES.filter((locale) => article.translations[locale]);
  const lang: ArticleLocale | undefined =
    written.find((locale) => locale === asked) ??
    written.find((locale) => locale === staffLocale) ??
    written[0];
  const translation = lang ? article.translations[lang] : undefined;
  const format = await getFormatter({ locale: lang ?? staffLocale });
  const date = new Date(article.published_at ?? article.scheduled_at ?? article.updated_at);

  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-dashed border-border bg-surface p-4 text-sm">
          <p className="min-w-0 flex-1 basis-60" data-testid="preview-banner">
            {t("previewBanner", { status: t(`status.${article.status}`) })}
          </p>
          <nav aria-label={t("previewLanguages")} className="flex gap-2">
            {written.map((locale) => (
              <IntentLink
                key={locale}
                href={`/crm/content/${article.id}/preview?lang=${locale}`}
                aria-current={locale === lang ? "page" : undefined}
                className="inline-flex min-h-9 items-center rounded-full border border-border px-3 aria-[current=page]:bg-ink-950 aria-[current=page]:text-mist-50"
              >
                {t(`language.${locale}`)}
              </IntentLink>
            ))}
          </nav>
          <IntentLink href={`/crm/content/${article.id}`} className="text-accent-text underline">
            {t("previewBack")}
          </IntentLink>
        </div>
        {translation ? (
          <article lang={lang}>
            <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
              {translation.title || t("untitled")}
            </h1>
            <p className="mt-4 text-sm text-muted">
              <time dateTime={date.toISOString().slice(0, 10)}>
                {format.dateTime(date, { dateStyle: "long", timeZone: "UTC" })}
              </time>
            </p>
            <p className="mt-6 text-xl text-muted">{translation.excerpt}</p>
            {translation.cover_url && (
              // eslint-disable-next-line @next/next/no-img-element -- the stored image as the site serves it
              <img
                src={translation.cover_url}
                alt={translation.cover_alt}
                className="mt-10 h-auto w-full rounded-2xl"
              />
            )}
            <div
              className="article-body"
              // The public page's renderer and allow-list (lib/content/markdown.ts): no raw HTML gets in.
              dangerouslySetInnerHTML={{ __html: renderArticleBody(translation.body) }}
            />
          </article>
        ) : (
          <p>{t("previewNothing")}</p>
        )}
      </main>
    </>
  );
}
