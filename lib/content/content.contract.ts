/** The content studio's endpoints: articles with their revisions, and images (lib/http/contract.ts). */
import { z } from "zod";
import { defineContract, errorAnswer, zIdOut, ZOk, zPathId, zTimestamp } from "@/lib/http/contract";
import {
  ARTICLE_STATUSES,
  ZArticleCreate,
  ZArticleListQuery,
  ZArticlePatch,
  ZPublishArticle,
  ZRevisionParams,
} from "./article.schema";

const ZArticleTranslation = z
  .object({
    title: z.string(),
    slug: z.string(),
    excerpt: z.string(),
    body: z.string().meta({ description: "CommonMark." }),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    cover_image_id: zIdOut.nullable(),
    cover_alt: z.string(),
    cover_url: z.string().nullable(),
  })
  .meta({ id: "ArticleTranslation" });

export const ZArticle = z
  .object({
    id: zIdOut,
    status: z.enum(ARTICLE_STATUSES),
    revision: z.number().int(),
    tags: z.array(z.string()),
    author_id: zIdOut.nullable(),
    scheduled_at: zTimestamp.nullable(),
    published_at: zTimestamp.nullable(),
    content_updated_at: zTimestamp.nullable(),
    created_at: zTimestamp,
    updated_at: zTimestamp,
    translations: z.object({
      es: ZArticleTranslation.optional(),
      en: ZArticleTranslation.optional(),
    }),
  })
  .meta({ id: "Article" });

const ZArticleRevision = z
  .object({
    revision: z.number().int(),
    edited_by: zIdOut.nullable(),
    edited_by_name: z.string().nullable(),
    created_at: zTimestamp,
    snapshot: z
      .unknown()
      .meta({ description: "The article's status, tags and translations then." }),
  })
  .meta({ id: "ArticleRevision" });

const EXAMPLE_TRANSLATION = {
  title: "Cómo medir el retorno de un asistente de IA",
  slug: "medir-retorno-asistente-ia",
  excerpt: "Tres métricas que un comité entiende.",
  body: "## Empieza por el proceso\n\nMide el antes y el después.",
};
const ARTICLE_BODY_MAX_BYTES = 512 * 1024;
const slugConflict = errorAnswer(
  "A slug is another article's (now, or as an old address that still redirects).",
);

export const listArticles = defineContract({
  operationId: "listArticles",
  method: "GET",
  path: "/api/content/articles",
  tag: "content",
  access: "staff",
  summary: "Articles, most recently changed first, optionally of one status.",
  query: ZArticleListQuery,
  responses: {
    200: {
      description: "A page of articles and the cursor of the next one.",
      schema: z.object({ data: z.array(ZArticle), next_cursor: z.string().nullable() }),
    },
  },
});

export const createArticle = defineContract({
  operationId: "createArticle",
  method: "POST",
  path: "/api/content/articles",
  tag: "content",
  access: "staff",
  summary: "Start a draft in one or both languages.",
  body: {
    schema: ZArticleCreate,
    maxBytes: ARTICLE_BODY_MAX_BYTES,
    example: { translations: { es: EXAMPLE_TRANSLATION }, tags: ["IA"] },
  },
  responses: {
    201: { description: "The draft (revision 1).", schema: ZArticle },
    409: slugConflict,
  },
});

export const getArticle = defineContract({
  operationId: "getArticle",
  method: "GET",
  path: "/api/content/articles/{id}",
  tag: "content",
  access: "staff",
  summary: "One article with its status, revision and translations.",
  params: zPathId,
  responses: { 200: { description: "The article.", schema: ZArticle } },
});

export const updateArticle = defineContract({
  operationId: "updateArticle",
  method: "PATCH",
  path: "/api/content/articles/{id}",
  tag: "content",
  access: "staff",
  summary: "Change the fields named, as an edit of `revision`; a language set to null is removed.",
  description:
    "409 `changed` when `revision` is not the current one (someone saved in between; `fields.revision` holds the current one), 409 `conflict` for a slug in use. A published article's changed slug keeps redirecting permanently.",
  params: zPathId,
  body: {
    schema: ZArticlePatch,
    maxBytes: ARTICLE_BODY_MAX_BYTES,
    example: { revision: 1, translations: { es: { excerpt: "Tres métricas." } } },
  },
  responses: {
    200: { description: "The article, one revision on.", schema: ZArticle },
    409: errorAnswer("A stale revision, or a slug in use."),
  },
});

export const deleteArticle = defineContract({
  operationId: "deleteArticle",
  method: "DELETE",
  path: "/api/content/articles/{id}",
  tag: "content",
  access: "manager",
  summary: "Delete an article with its revisions and redirects (no body).",
  params: zPathId,
  responses: { 200: { description: "Deleted.", schema: ZOk } },
});

export const publishArticle = defineContract({
  operationId: "publishArticle",
  method: "POST",
  path: "/api/content/articles/{id}/publish",
  tag: "content",
  access: "manager",
  summary: "Publish now, or schedule for `at` (a past time publishes now; at most a year ahead).",
  description:
    "400 naming the field when a listed language has no title or an empty body. A scheduled article is published by a job at its time.",
  params: zPathId,
  body: { schema: ZPublishArticle, example: {} },
  responses: { 200: { description: "The article, published or scheduled.", schema: ZArticle } },
});

export const archiveArticle = defineContract({
  operationId: "archiveArticle",
  method: "POST",
  path: "/api/content/articles/{id}/archive",
  tag: "content",
  access: "manager",
  summary: "Take an article off the site (no body); it can be published again.",
  params: zPathId,
  responses: { 200: { description: "The archived article.", schema: ZArticle } },
});

export const listArticleRevisions = defineContract({
  operationId: "listArticleRevisions",
  method: "GET",
  path: "/api/content/articles/{id}/revisions",
  tag: "content",
  access: "staff",
  summary: "Every revision of an article, newest first: who, when and what it held.",
  params: zPathId,
  responses: {
    200: {
      description: "The revisions.",
      schema: z.object({ data: z.array(ZArticleRevision) }),
    },
  },
});

export const restoreArticleRevision = defineContract({
  operationId: "restoreArticleRevision",
  method: "POST",
  path: "/api/content/articles/{id}/revisions/{rev}/restore",
  tag: "content",
  access: "staff",
  summary: "Bring back a revision's text, tags and languages as a new revision (no body).",
  description: "The status is left as it is. 409 when a slug it held is another article's now.",
  params: ZRevisionParams,
  responses: {
    200: { description: "The article, one revision on.", schema: ZArticle },
    409: slugConflict,
  },
});

export const uploadContentImage = defineContract({
  operationId: "uploadContentImage",
  method: "POST",
  path: "/api/content/images",
  tag: "content",
  access: "staff",
  summary: "Upload an image (multipart `file`: PNG, JPEG or WebP, at most 5 MB).",
  description:
    "Checked by its first bytes and decoded whole (with a cap on pixels) before it is stored; wider than 1600 px is scaled down, metadata is dropped. Served at `url` with a year-long cache and an ETag.",
  body: {
    schema: z.object({}).meta({ description: "multipart/form-data only." }),
    readByHandler: true,
    maxBytes: 5 * 1024 * 1024 + 16 * 1024,
    alsoAccepts: {
      "multipart/form-data": z.object({
        file: z.string().meta({ format: "binary", description: "The image." }),
      }),
    },
    example: {},
  },
  responses: {
    201: {
      description: "The stored image.",
      schema: z
        .object({
          id: zIdOut,
          url: z.string(),
          width: z.number().int(),
          height: z.number().int(),
          mime: z.string(),
        })
        .meta({ id: "ContentImage" }),
    },
  },
});

export const CONTENT_CONTRACTS = [
  listArticles,
  createArticle,
  getArticle,
  updateArticle,
  deleteArticle,
  publishArticle,
  archiveArticle,
  listArticleRevisions,
  restoreArticleRevision,
  uploadContentImage,
];
