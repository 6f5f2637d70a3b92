"use client";

import { useFormatter, useTranslations } from "next-intl";
import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ARTICLE_LOCALES, type ArticleLocale } from "@/lib/content/article.schema";
import type { ArticleDto, ArticleTranslationDto } from "@/lib/content/article.service";
import { renderArticleBody } from "@/lib/content/markdown";
import { studioApi } from "./content-api";
import { StudioActions, useStudioFeedback } from "./studio-actions";
import { StudioHistory } from "./studio-history";
import { StudioLanguageColumn } from "./studio-language-column";

type Draft = Omit<ArticleTranslationDto, "seo_title" | "seo_description"> & {
  seo_title: string;
  seo_description: string;
};

const EMPTY: Draft = {
  title: "",
  slug: "",
  excerpt: "",
  body: "",
  seo_title: "",
  seo_description: "",
  cover_image_id: null,
  cover_alt: "",
  cover_url: null,
};

/** A title as a slug: lower case, accents dropped, words joined by single hyphens. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100);

const draftOf = (t: ArticleTranslationDto | undefined): Draft | null =>
  t ? { ...t, seo_title: t.seo_title ?? "", seo_description: t.seo_description ?? "" } : null;

const toInput = (draft: Draft) => ({
  title: draft.title,
  slug: draft.slug,
  excerpt: draft.excerpt,
  body: draft.body,
  seo_title: draft.seo_title || null,
  seo_description: draft.seo_description || null,
  cover_image_id: draft.cover_image_id,
  cover_alt: draft.cover_alt,
});

/**
 * The article editor: Spanish and English side by side (stacked on a phone), each with its Markdown
 * body and a live preview drawn by the public page's own renderer. Saving sends the revision it
 * edits, so a colleague's save in between is reported instead of overwritten.
 */
export function ArticleEditor({
  article: initial,
  canPublish,
}: {
  article: ArticleDto | null;
  canPublish: boolean;
}) {
  const t = useTranslations("ContentStudio");
  const format = useFormatter();
  const router = useRouter();
  const [article, setArticle] = useState(initial);
  const [drafts, setDrafts] = useState<Record<ArticleLocale, Draft | null>>({
    es: initial ? draftOf(initial.translations.es) : { ...EMPTY },
    en: initial ? draftOf(initial.translations.en) : { ...EMPTY },
  });
  const [tags, setTags] = useState((initial?.tags ?? []).join(", "));
  const [scheduleAt, setScheduleAt] = useState("");
  const { notice, setNotice, fieldErrors, setFieldErrors, busy, report, run } = useStudioFeedback(
    (revision) => t("stale", { revision }),
  );
  const createdId = useRef<string | null>(null);

  const change = (locale: ArticleLocale, patch: Partial<Draft>) =>
    setDrafts((current) => {
      const draft = current[locale] ?? { ...EMPTY };
      const next = { ...draft, ...patch };
      // A new article's slug follows its title until someone edits the slug itself.
      if (patch.title !== undefined && !initial && draft.slug === slugOf(draft.title))
        next.slug = slugOf(patch.title);
      return { ...current, [locale]: next };
    });

  async function save(): Promise<ArticleDto | null> {
    const translations: Partial<Record<ArticleLocale, ReturnType<typeof toInput> | null>> = {};
    for (const locale of ARTICLE_LOCALES) {
      const draft = drafts[locale];
      if (draft) translations[locale] = toInput(draft);
      else if (article?.translations[locale]) translations[locale] = null;
    }
    const tagList = tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean);
    const saved = article
      ? await studioApi.update(article.id, {
          revision: article.revision,
          translations,
          tags: tagList,
        })
      : await studioApi.create({
          translations: {
            ...(translations.es && { es: translations.es }),
            ...(translations.en && { en: translations.en }),
          },
          tags: tagList,
        });
    setArticle(saved);
    setFieldErrors({});
    if (!article) createdId.current = saved.id;
    return saved;
  }

  async function act(name: string, work: () => Promise<void>) {
    await run(name, work);
    // A new article moves to its own address once the whole action (save, then publish) is done.
    if (createdId.current) router.replace(`/crm/content/${createdId.current}`);
  }

  const onSave = () =>
    act("save", async () => {
      const saved = await save();
      if (saved) setNotice({ tone: "ok", text: t("saved", { revision: saved.revision }) });
    });

  const onPublish = (when?: string) =>
    act(when ? "schedule" : "publish", async () => {
      const saved = await save();
      if (!saved) return;
      const published = await studioApi.publish(
        saved.id,
        when ? new Date(when).toISOString() : undefined,
      );
      setArticle(published);
      setNotice({
        tone: "ok",
        text:
          published.status === "scheduled" && published.scheduled_at
            ? t("scheduled", {
                date: format.dateTime(new Date(published.scheduled_at), {
                  dateStyle: "long",
                  timeStyle: "short",
                }),
              })
            : t("published"),
      });
    });

  const onArchive = () =>
    act("archive", async () => {
      if (!article) return;
      setArticle(await studioApi.archive(article.id));
      setNotice({ tone: "ok", text: t("archived") });
    });

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div className="space-y-2">
        <IntentLink href="/crm/content" className="text-sm text-accent-text underline">
          {t("back")}
        </IntentLink>
        <h1 className="font-display text-2xl font-semibold">
          {article ? t("editTitle") : t("newTitle")}
        </h1>
        {article && (
          <p className="text-sm text-muted" data-testid="article-state">
            {t("statusLabel", { status: t(`status.${article.status}`) })} ·{" "}
            {t("revisionLabel", { revision: article.revision })} ·{" "}
            <IntentLink href={`/crm/content/${article.id}/preview`} className="underline">
              {t("previewLink")}
            </IntentLink>
          </p>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        {ARTICLE_LOCALES.map((locale) => (
          <LanguageColumn
            key={locale}
            locale={locale}
            draft={drafts[locale]}
            errors={fieldErrors}
            onInclude={(isIncluded) =>
              setDrafts((current) => ({
                ...current,
                [locale]: isIncluded
                  ? (draftOf(article?.translations[locale]) ?? { ...EMPTY })
                  : null,
              }))
            }
            onChange={(patch) => change(locale, patch)}
            onUploadError={report}
          />
        ))}
      </div>

      <Field label={t("fields.tags")} className="max-w-xl space-y-1.5">
        {(control) => (
          <Input {...control} value={tags} onChange={(event) => setTags(event.target.value)} />
        )}
      </Field>

      {article && (
        <StudioHistory
          queryKey={["content", "article", article.id]}
          revision={article.revision}
          canRestore
          load={() => studioApi.revisions(article.id)}
          restore={(revision) => studioApi.restore(article.id, revision)}
          onError={report}
          onRestored={(restored, revision) => {
            setArticle(restored);
            setDrafts({
              es: draftOf(restored.translations.es),
              en: draftOf(restored.translations.en),
            });
            setTags(restored.tags.join(", "));
            setFieldErrors({});
            setNotice({ tone: "ok", text: t("restored", { revision }) });
          }}
        />
      )}

      <StudioActions notice={notice}>
        <Button type="button" variant="secondary" onClick={onSave} disabled={busy !== null}>
          {busy === "save" ? t("saving") : t("save")}
        </Button>
        {canPublish ? (
          <>
            <Button type="button" onClick={() => onPublish()} disabled={busy !== null}>
              {t("publishNow")}
            </Button>
            <Field label={t("scheduleAt")} className="space-y-1">
              {(control) => (
                <Input
                  {...control}
                  type="datetime-local"
                  value={scheduleAt}
                  onChange={(event) => setScheduleAt(event.target.value)}
                  className="w-auto"
                />
              )}
            </Field>
            <Button
              type="button"
              variant="secondary"
              onClick={() => onPublish(scheduleAt)}
              disabled={busy !== null || !scheduleAt}
            >
              {t("schedule")}
            </Button>
            {article && article.status !== "archived" && article.status !== "draft" && (
              <Button type="button" variant="ghost" onClick={onArchive} disabled={busy !== null}>
                {t("archive")}
              </Button>
            )}
          </>
        ) : (
          <p className="text-sm text-muted">{t("onlyManagers")}</p>
        )}
      </StudioActions>
    </main>
  );
}

function LanguageColumn({
  locale,
  draft,
  errors,
  onInclude,
  onChange,
  onUploadError,
}: {
  locale: ArticleLocale;
  draft: Draft | null;
  errors: Record<string, string[]>;
  onInclude: (isIncluded: boolean) => void;
  onChange: (patch: Partial<Draft>) => void;
  onUploadError: (error: unknown) => void;
}) {
  const t = useTranslations("ContentStudio");
  const [isUploading, setUploading] = useState(false);
  const preview = useMemo(() => (draft ? renderArticleBody(draft.body) : ""), [draft]);
  const errorOf = (field: string) => errors[`translations.${locale}.${field}`]?.join(" ");

  async function upload(file: File) {
    setUploading(true);
    try {
      const image = await studioApi.upload(file);
      onChange({ cover_image_id: image.id, cover_url: image.url });
    } catch (error) {
      onUploadError(error);
    } finally {
      setUploading(false);
    }
  }

  return (
    <StudioLanguageColumn
      locale={locale}
      idPrefix="column"
      isIncluded={draft !== null}
      onInclude={onInclude}
      includeLabel={(language) => t("includeLanguage", { language })}
      absentText={(language) => t("notInLanguage", { language })}
    >
      {draft && (
        <>
          <Field label={t("fields.title")} error={errorOf("title")}>
            {(control) => (
              <Input
                {...control}
                name={`title-${locale}`}
                value={draft.title}
                onChange={(event) => onChange({ title: event.target.value })}
              />
            )}
          </Field>
          <Field
            label={t("fields.slug")}
            hint={t("fields.slugHint", { slug: draft.slug || "…" })}
            error={errorOf("slug")}
          >
            {(control) => (
              <Input
                {...control}
                name={`slug-${locale}`}
                value={draft.slug}
                onChange={(event) => onChange({ slug: event.target.value })}
              />
            )}
          </Field>
          <Field label={t("fields.excerpt")} error={errorOf("excerpt")}>
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={draft.excerpt}
                onChange={(event) => onChange({ excerpt: event.target.value })}
              />
            )}
          </Field>
          <div className="space-y-2">
            <p className="text-sm font-medium">{t("fields.cover")}</p>
            {draft.cover_url && (
              // eslint-disable-next-line @next/next/no-img-element -- a just-uploaded image, shown as stored
              <img
                src={draft.cover_url}
                alt={draft.cover_alt}
                className="h-auto max-h-48 w-full rounded-xl object-cover"
              />
            )}
            <div className="flex flex-wrap items-center gap-3">
              <label className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-border px-4 text-sm font-medium focus-within:ring-2">
                {isUploading ? t("uploading") : t("upload")}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  className="sr-only"
                  name={`cover-${locale}`}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) void upload(file);
                    event.target.value = "";
                  }}
                />
              </label>
              {draft.cover_url && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => onChange({ cover_image_id: null, cover_url: null })}
                >
                  {t("removeCover")}
                </Button>
              )}
            </div>
            <p className="text-sm text-muted">{t("uploadHint")}</p>
          </div>
          <Field label={t("fields.coverAlt")}>
            {(control) => (
              <Input
                {...control}
                value={draft.cover_alt}
                onChange={(event) => onChange({ cover_alt: event.target.value })}
              />
            )}
          </Field>
          <Field label={t("fields.body")} hint={t("fields.bodyHint")} error={errorOf("body")}>
            {(control) => (
              <Textarea
                {...control}
                name={`body-${locale}`}
                rows={12}
                className="font-mono text-sm"
                value={draft.body}
                onChange={(event) => onChange({ body: event.target.value })}
              />
            )}
          </Field>
          <div>
            <h3 className="text-sm font-medium">{t("preview")}</h3>
            {draft.body.trim() ? (
              <div
                data-testid={`preview-${locale}`}
                className="article-body mt-2 rounded-xl border border-dashed border-border p-4"
                // The public page's renderer and allow-list (lib/content/markdown.ts): no raw HTML gets through.
                dangerouslySetInnerHTML={{ __html: preview }}
              />
            ) : (
              <p className="mt-2 text-sm text-muted">{t("previewEmpty")}</p>
            )}
          </div>
          <Field label={t("fields.seoTitle")}>
            {(control) => (
              <Input
                {...control}
                value={draft.seo_title}
                onChange={(event) => onChange({ seo_title: event.target.value })}
              />
            )}
          </Field>
          <Field label={t("fields.seoDescription")}>
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={draft.seo_description}
                onChange={(event) => onChange({ seo_description: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
    </StudioLanguageColumn>
  );
}
