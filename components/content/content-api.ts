// The content studio's one door to the API, typed by the endpoints' contracts.
import type { ArticleCreate, ArticlePatch } from "@/lib/content/article.schema";
import {
  archiveArticle,
  createArticle,
  listArticleRevisions,
  publishArticle,
  restoreArticleRevision,
  updateArticle,
  uploadContentImage,
} from "@/lib/api-docs/endpoints";
import { callEndpoint, callEndpointWithForm } from "@/lib/http/contract-client";

export const studioApi = {
  create: (body: ArticleCreate) => callEndpoint(createArticle, { body }),
  update: (id: string, body: ArticlePatch) => callEndpoint(updateArticle, { params: { id }, body }),
  publish: (id: string, at?: string) =>
    callEndpoint(publishArticle, { params: { id }, body: at ? { at } : {} }),
  archive: (id: string) => callEndpoint(archiveArticle, { params: { id } }),
  revisions: (id: string) => callEndpoint(listArticleRevisions, { params: { id } }),
  restore: (id: string, rev: number) =>
    callEndpoint(restoreArticleRevision, { params: { id, rev } }),
  upload: (file: File) => {
    const form = new FormData();
    form.set("file", file);
    return callEndpointWithForm(uploadContentImage, form);
  },
};
