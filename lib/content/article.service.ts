import "server-only";
import { db, inTransaction, type DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/app-error";
import { enqueueJob, type NewJob } from "@/lib/queue/queue";
import type { JobHandler } from "@/lib/queue/worker";
import type { ContentEditor } from "./content-editor";
import {
  ARTICLE_LOCALES,
  type ArticleCreate,
  type ArticleLocale,
  type ArticlePatch,
  type ArticleStatus,
  type ArticleTranslationInput,
} from "./article.schema";
import { contentImageUrl } from "./content-image-url";
import { revalidateArticlePages } from "./revalidate";
import { type RevisionDto, withEditorNames } from "./revision-history";

export const ARTICLE_PUBLISH_JOB = "content.publish_article";
const YEAR_MS = 366 * 24 * 60 * 60_000;

export interface ArticleTranslationDto {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  seo_title: string | null;
  seo_description: string | null;
  cover_image_id: string | null;
  cover_alt: string;
  cover_url: string | null;
}

export interface ArticleDto {
  id: string;
  status: ArticleStatus;
  revision: number;
  tags: string[];
  author_id: string | null;
  scheduled_at: string | null;
  published_at: string | null;
  content_updated_at: string | null;
  created_at: string;
  updated_at: string;
  translations: Partial<Record<ArticleLocale, ArticleTranslationDto>>;
}

export type ArticleRevisionDto = RevisionDto;

const withTranslations = {
  translations: { include: { coverImage: { select: { id: true, mime: true } } } },
} as const;
type ArticleRow = Prisma.ArticleGetPayload<{ include: typeof withTranslations }>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toDto(row: ArticleRow): ArticleDto {
  const translations: ArticleDto["translations"] = {};
  for (const t of row.translations) {
    translations[t.locale as ArticleLocale] = {
      title: t.title,
      slug: t.slug,
      excerpt: t.excerpt,
      body: t.body,
      seo_title: t.seoTitle,
      seo_description: t.seoDescription,
      cover_image_id: t.coverImageId,
      cover_alt: t.coverAlt,
      cover_url: t.coverImage ? contentImageUrl(t.coverImage) : null,
    };
  }
  return {
    id: row.id,
    status: row.status as ArticleStatus,
    revision: row.revision,
    tags: row.tags,
    author_id: row.authorId,
    scheduled_at: iso(row.scheduledAt),
    published_at: iso(row.publishedAt),
    content_updated_at: iso(row.contentUpdatedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations,
  };
}

/** What a revision keeps: everything an editor can change, so a restore brings it all back. */
function snapshotOf(article: ArticleDto): Prisma.InputJsonValue {
  const translations: Record<string, unknown> = {};
  for (const [locale, t] of Object.entries(article.translations)) {
    translations[locale] = { ...t, cover_url: undefined };
  }
  return { status: article.status, tags: article.tags, translations } as Prisma.InputJsonValue;
}

const notFound = () => new AppError("not_found", "No such article.");
const forbidden = () =>
  new AppError("forbidden", "Only managers and owners publish, schedule, archive or delete.");

function assertPublisher(session: ContentEditor) {
  if (session.account.role === "sales") throw forbidden();
}

async function readArticle(id: string, client: DbClient = db): Promise<ArticleRow> {
  const row = await client.article.findUnique({ where: { id }, include: withTranslations });
  if (!row) throw notFound();
  return row;
}

/** Locks the article's row for the rest of the transaction and checks the edit is of its current revision. */
async function lockCurrent(tx: DbClient, id: string, revision?: number): Promise<ArticleRow> {
  const locked = await tx.$queryRaw<{ revision: number }[]>`
    SELECT revision FROM articles WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) throw notFound();
  const current = locked[0]!.revision;
  if (revision !== undefined && revision !== current)
    throw new AppError(
      "changed",
      `The article changed since you opened it: its current revision is ${current}. Reload it and apply your change again.`,
      { fields: { revision: [String(current)] } },
    );
  return readArticle(id, tx);
}

/** 409 when a slug is another article's, now or as an old address that still redirects. */
async function assertSlugsFree(
  tx: DbClient,
  articleId: string | null,
  slugs: Partial<Record<ArticleLocale, string>>,
) {
  for (const [locale, slug] of Object.entries(slugs)) {
    const [owner, redirect] = await Promise.all([
      tx.articleTranslation.findUnique({ where: { locale_slug: { locale, slug } } }),
      tx.articleSlugRedirect.findUnique({ where: { locale_oldSlug: { locale, oldSlug: slug } } }),
    ]);
    const taken =
      (owner && owner.articleId !== articleId) || (redirect && redirect.articleId !== articleId);
    if (taken)
      throw new AppError("conflict", `The slug "${slug}" is already in use (${locale}).`, {
        fields: { [`translations.${locale}.slug`]: ["Already in use by another article."] },
      });
  }
}

async function recordRevision(
  tx: DbClient,
  row: ArticleRow,
  session: ContentEditor | null,
): Promise<ArticleDto> {
  const article = toDto(row);
  await tx.articleRevision.create({
    data: {
      articleId: row.id,
      revision: row.revision,
      snapshot: snapshotOf(article),
      editedBy: session?.account.id ?? null,
    },
  });
  return article;
}

const translationData = (input: Partial<ArticleTranslationInput>) => ({
  ...(input.title !== undefined && { title: input.title }),
  ...(input.slug !== undefined && { slug: input.slug }),
  ...(input.excerpt !== undefined && { excerpt: input.excerpt }),
  ...(input.body !== undefined && { body: input.body }),
  ...(input.seo_title !== undefined && { seoTitle: input.seo_title }),
  ...(input.seo_description !== undefined && { seoDescription: input.seo_description }),
  ...(input.cover_image_id !== undefined && { coverImageId: input.cover_image_id }),
  ...(input.cover_alt !== undefined && { coverAlt: input.cover_alt }),
});

async function assertImagesExist(tx: DbClient, ids: (string | null | undefined)[]) {
  for (const id of ids)
    if (id && !(await tx.contentImage.findUnique({ where: { id }, select: { id: true } })))
      throw new AppError("validation", "No such image.", {
        fields: { cover_image_id: ["No image with this id was uploaded."] },
      });
}

export async function listArticles(query: {
  status?: ArticleStatus;
  cursor?: string;
  limit: number;
}): Promise<{ data: ArticleDto[]; next_cursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db.article.findMany({
    where: {
      ...(query.status && { status: query.status }),
      ...(after && {
        OR: [
          { updatedAt: { lt: after.updatedAt } },
          { updatedAt: after.updatedAt, id: { lt: after.id } },
        ],
      }),
    },
    include: withTranslations,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toDto),
    next_cursor:
      rows.length > query.limit && last
        ? Buffer.from(`${last.updatedAt.toISOString()}|${last.id}`).toString("base64url")
        : null,
  };
}

function decodeCursor(cursor: string): { updatedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const updatedAt = new Date(at ?? "");
  if (Number.isNaN(updatedAt.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id))
    throw new AppError("validation", "The cursor is not one this list gave.", {
      fields: { cursor: ["Not a cursor from this list."] },
    });
  return { updatedAt, id };
}

export async function getArticle(id: string): Promise<ArticleDto> {
  return toDto(await readArticle(id));
}

export async function createArticle(input: ArticleCreate, session: ContentEditor) {
  return inTransaction(async (tx) => {
    const slugs = Object.fromEntries(
      ARTICLE_LOCALES.flatMap((locale) => {
        const t = input.translations[locale];
        return t ? [[locale, t.slug]] : [];
      }),
    );
    await assertSlugsFree(tx, null, slugs);
    await assertImagesExist(
      tx,
      ARTICLE_LOCALES.map((locale) => input.translations[locale]?.cover_image_id),
    );
    const created = await tx.article.create({
      data: {
        tags: input.tags ?? [],
        authorId: session.account.id,
        translations: {
          create: ARTICLE_LOCALES.flatMap((locale) => {
            const t = input.translations[locale];
            return t ? [{ locale, ...translationData(t), slug: t.slug }] : [];
          }),
        },
      },
    });
    return recordRevision(tx, await readArticle(created.id, tx), session);
  });
}

/** Applies a change to the article's current revision; published slugs that change keep redirecting. */
export async function updateArticle(id: string, patch: ArticlePatch, session: ContentEditor) {
  const article = await inTransaction(async (tx) => {
    const current = await lockCurrent(tx, id, patch.revision);
    await applyContent(tx, current, patch.translations ?? {}, patch.tags);
    const changed = await tx.article.update({
      where: { id },
      data: {
        revision: { increment: 1 },
        ...(current.status === "published" && { contentUpdatedAt: new Date() }),
      },
      include: withTranslations,
    });
    return recordRevision(tx, changed, session);
  });
  if (article.status === "published") revalidateArticlePages();
  return article;
}

async function applyContent(
  tx: DbClient,
  current: ArticleRow,
  translations: NonNullable<ArticlePatch["translations"]>,
  tags: string[] | undefined,
) {
  const byLocale = new Map(current.translations.map((t) => [t.locale, t]));
  const newSlugs: Partial<Record<ArticleLocale, string>> = {};
  for (const locale of ARTICLE_LOCALES) {
    const slug = translations[locale]?.slug;
    if (slug && slug !== byLocale.get(locale)?.slug) newSlugs[locale] = slug;
  }
  await assertSlugsFree(tx, current.id, newSlugs);
  await assertImagesExist(
    tx,
    ARTICLE_LOCALES.map((locale) => translations[locale]?.cover_image_id),
  );
  for (const locale of ARTICLE_LOCALES) {
    const change = translations[locale];
    if (change === undefined) continue;
    const existing = byLocale.get(locale);
    if (change === null) {
      if (existing)
        await tx.articleTranslation.delete({
          where: { articleId_locale: { articleId: current.id, locale } },
        });
      continue;
    }
    if (existing) {
      // A slug readers may already have is kept as a permanent redirect; a draft's is not.
      if (change.slug && change.slug !== existing.slug && current.publishedAt) {
        await tx.articleSlugRedirect.upsert({
          where: { locale_oldSlug: { locale, oldSlug: existing.slug } },
          create: { locale, oldSlug: existing.slug, articleId: current.id },
          update: { articleId: current.id },
        });
      }
      if (change.slug)
        await tx.articleSlugRedirect.deleteMany({
          where: { locale, oldSlug: change.slug, articleId: current.id },
        });
      await tx.articleTranslation.update({
        where: { articleId_locale: { articleId: current.id, locale } },
        data: translationData(change),
      });
    } else {
      if (!change.slug)
        throw new AppError("validation", "A new language needs its slug.", {
          fields: { [`translations.${locale}.slug`]: ["Required for a new language."] },
        });
      await tx.articleTranslation.create({
        data: { articleId: current.id, locale, ...translationData(change), slug: change.slug },
      });
    }
  }
  const remaining = await tx.articleTranslation.count({ where: { articleId: current.id } });
  if (remaining === 0)
    throw new AppError("validation", "An article keeps at least one language.", {
      fields: { translations: ["Keep at least one language."] },
    });
  if (tags) await tx.article.update({ where: { id: current.id }, data: { tags } });
}

/** Every listed language has a title and a body: what readers would see is never blank. */
function assertPublishable(row: ArticleRow) {
  const fields: Record<string, string[]> = {};
  for (const t of row.translations) {
    if (!t.title.trim()) fields[`translations.${t.locale}.title`] = ["Required to publish."];
    if (!t.body.trim()) fields[`translations.${t.locale}.body`] = ["Required to publish."];
  }
  const names = Object.keys(fields);
  if (names.length > 0)
    throw new AppError("validation", `Cannot publish: ${names.join(", ")} is empty.`, { fields });
}

export const articlePublishJob = (id: string, at: Date): NewJob => ({
  kind: ARTICLE_PUBLISH_JOB,
  key: `content:publish:${id}:${at.getTime()}`,
  payload: { articleId: id, at: at.toISOString() },
  runAt: at,
});

/** Publishes now, or schedules for `at` (a past time publishes now; more than a year ahead is refused). */
export async function publishArticle(
  id: string,
  at: string | undefined,
  session: ContentEditor,
  now = new Date(),
) {
  assertPublisher(session);
  const when = at ? new Date(at) : now;
  if (when.getTime() - now.getTime() > YEAR_MS)
    throw new AppError("validation", "An article can be scheduled at most a year ahead.", {
      fields: { at: ["At most a year ahead."] },
    });
  const isNow = when.getTime() <= now.getTime();
  const article = await inTransaction(async (tx) => {
    const current = await lockCurrent(tx, id);
    assertPublishable(current);
    const changed = await tx.article.update({
      where: { id },
      data: isNow
        ? {
            status: "published",
            scheduledAt: null,
            publishedAt: current.publishedAt ?? now,
            contentUpdatedAt: now,
            revision: { increment: 1 },
          }
        : { status: "scheduled", scheduledAt: when, revision: { increment: 1 } },
      include: withTranslations,
    });
    if (!isNow) await enqueueJob(articlePublishJob(id, when), tx);
    return recordRevision(tx, changed, session);
  });
  revalidateArticlePages();
  return article;
}

export async function archiveArticle(id: string, session: ContentEditor) {
  assertPublisher(session);
  const article = await inTransaction(async (tx) => {
    await lockCurrent(tx, id);
    const changed = await tx.article.update({
      where: { id },
      data: { status: "archived", scheduledAt: null, revision: { increment: 1 } },
      include: withTranslations,
    });
    return recordRevision(tx, changed, session);
  });
  revalidateArticlePages();
  return article;
}

export async function deleteArticle(id: string, session: ContentEditor): Promise<void> {
  assertPublisher(session);
  const { count } = await db.article.deleteMany({ where: { id } });
  if (count === 0) throw notFound();
  revalidateArticlePages();
}

export async function listRevisions(id: string): Promise<{ data: ArticleRevisionDto[] }> {
  await readArticle(id);
  const rows = await db.articleRevision.findMany({
    where: { articleId: id },
    orderBy: { revision: "desc" },
  });
  return { data: await withEditorNames(rows) };
}

/**
 * Brings back a revision's text, tags and languages as a new revision; the status stays as it is
 * (restoring an old draft does not unpublish the article; publishing is its own decision).
 */
export async function restoreRevision(id: string, revision: number, session: ContentEditor) {
  const article = await inTransaction(async (tx) => {
    const current = await lockCurrent(tx, id);
    const kept = await tx.articleRevision.findUnique({
      where: { articleId_revision: { articleId: id, revision } },
    });
    if (!kept) throw new AppError("not_found", "No such revision.");
    const snapshot = kept.snapshot as {
      tags: string[];
      translations: Partial<Record<ArticleLocale, ArticleTranslationInput>>;
    };
    const translations: NonNullable<ArticlePatch["translations"]> = {};
    for (const locale of ARTICLE_LOCALES) {
      const t = snapshot.translations[locale];
      if (t) {
        const imageKept =
          t.cover_image_id &&
          (await tx.contentImage.findUnique({ where: { id: t.cover_image_id } }));
        translations[locale] = { ...t, cover_image_id: imageKept ? t.cover_image_id : null };
      } else translations[locale] = null;
    }
    // Snapshot slugs that another article took since are a conflict, reported like any other.
    for (const locale of ARTICLE_LOCALES) {
      const exists = current.translations.some((t) => t.locale === locale);
      if (translations[locale] === null && !exists) delete translations[locale];
    }
    await applyContent(tx, current, translations, snapshot.tags);
    const changed = await tx.article.update({
      where: { id },
      data: {
        revision: { increment: 1 },
        ...(current.status === "published" && { contentUpdatedAt: new Date() }),
      },
      include: withTranslations,
    });
    return recordRevision(tx, changed, session);
  });
  if (article.status === "published") revalidateArticlePages();
  return article;
}

/** Publishes a scheduled article when its time comes; does nothing if it was rescheduled or withdrawn. */
export const articlePublishHandler: JobHandler = {
  async run(payload) {
    const { articleId, at } = payload as { articleId: string; at: string };
    const isPublished = await inTransaction(async (tx) => {
      const { count } = await tx.article.updateMany({
        where: { id: articleId, status: "scheduled", scheduledAt: new Date(at) },
        data: {
          status: "published",
          publishedAt: new Date(at),
          contentUpdatedAt: new Date(at),
          scheduledAt: null,
          revision: { increment: 1 },
        },
      });
      if (count > 0) await recordRevision(tx, await readArticle(articleId, tx), null);
      return count > 0;
    });
    if (!isPublished) return { published: false };
    // The worker may run outside Next.js: then the pages' 60-second interval brings the article in.
    revalidateArticlePages();
    return { published: true };
  },
};
