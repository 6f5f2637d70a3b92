/** What the content studio accepts for an article (plain zod: the studio's browser code imports it). */
import { z } from "zod";

export const ARTICLE_LOCALES = ["es", "en"] as const;
export type ArticleLocale = (typeof ARTICLE_LOCALES)[number];

export const ARTICLE_STATUSES = ["draft", "scheduled", "published", "archived"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/**
 * Words a slug may not be: they name pages beside the articles (/blog/rss.xml, the studio's own
 * words) or would read as a path trick once in a URL.
 */
export const RESERVED_SLUGS = new Set([
  "new",
  "edit",
  "preview",
  "draft",
  "drafts",
  "admin",
  "api",
  "blog",
  "rss",
  "feed",
  "media",
  "page",
  "tag",
  "tags",
  "search",
  "index",
  "es",
  "en",
]);

export const SLUG_MAX = 100;
export const BODY_MAX = 100_000;

/** Lower-case words joined by single hyphens: no `/`, `..`, spaces or capitals; not a reserved word. */
export const zSlug = z
  .string()
  .trim()
  .min(3, "The slug needs at least 3 characters.")
  .max(SLUG_MAX, `The slug may have at most ${SLUG_MAX} characters.`)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "Use lower-case letters, digits and single hyphens only (no spaces, slashes or dots).",
  )
  .refine((slug) => !RESERVED_SLUGS.has(slug), "This word is reserved; choose another slug.");

const zText = (max: number) => z.string().max(max, `At most ${max} characters.`);

export const ZArticleTranslationInput = z.strictObject({
  title: zText(200).default(""),
  slug: zSlug,
  excerpt: zText(500).default(""),
  body: zText(BODY_MAX).default("").meta({ description: "CommonMark; raw HTML is shown as text." }),
  seo_title: zText(120).nullish(),
  seo_description: zText(300).nullish(),
  cover_image_id: z.uuid().nullish(),
  cover_alt: zText(300).default(""),
});
export type ArticleTranslationInput = z.infer<typeof ZArticleTranslationInput>;

/** A change to one language: only the fields named change (no defaults fill the others in). */
const ZArticleTranslationPatch = z.strictObject({
  title: zText(200).optional(),
  slug: zSlug.optional(),
  excerpt: zText(500).optional(),
  body: zText(BODY_MAX).optional(),
  seo_title: zText(120).nullish(),
  seo_description: zText(300).nullish(),
  cover_image_id: z.uuid().nullish(),
  cover_alt: zText(300).optional(),
});

const zTags = z
  .array(z.string().trim().min(1).max(40))
  .max(20)
  .transform((tags) => [...new Set(tags)]);

export const ZArticleCreate = z.strictObject({
  translations: z
    .strictObject({
      es: ZArticleTranslationInput.optional(),
      en: ZArticleTranslationInput.optional(),
    })
    .refine((value) => value.es || value.en, "Write the article in at least one language."),
  tags: zTags.optional(),
});
export type ArticleCreate = z.infer<typeof ZArticleCreate>;

/** A change names the revision it edits; a language set to null is removed; absent fields stay. */
export const ZArticlePatch = z.strictObject({
  revision: z.number().int().positive(),
  translations: z
    .strictObject({
      es: ZArticleTranslationPatch.nullable().optional(),
      en: ZArticleTranslationPatch.nullable().optional(),
    })
    .optional(),
  tags: zTags.optional(),
});
export type ArticlePatch = z.infer<typeof ZArticlePatch>;

export const ZPublishArticle = z.strictObject({
  at: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: "When to publish; absent or past: now. At most a year ahead." }),
});

export const ZArticleListQuery = z.strictObject({
  status: z.enum(ARTICLE_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZRevisionParams = z.object({
  id: z.uuid("Not a valid id."),
  rev: z.coerce.number().int().positive(),
});
