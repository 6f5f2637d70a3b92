// The content studio's one door to the API, typed by the endpoints' contracts.
import type { ArticleCreate, ArticlePatch } from "@/lib/content/article.schema";
import {
  archiveArticle,
  closeJob,
  createArticle,
  createJob,
  listArticleRevisions,
  listJobRevisions,
  openJob,
  publishArticle,
  restoreArticleRevision,
  restoreJobRevision,
  updateArticle,
  updateJob,
  uploadContentImage,
} from "@/lib/api-docs/endpoints";
import type { z } from "zod";
import type { ZJobCreate, ZJobPatch } from "@/lib/content/job.schema";
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

/** The job postings' endpoints (lib/content/jobs.contract.ts). */
export const jobsApi = {
  create: (body: z.input<typeof ZJobCreate>) => callEndpoint(createJob, { body }),
  update: (id: string, body: z.input<typeof ZJobPatch>) =>
    callEndpoint(updateJob, { params: { id }, body }),
  open: (id: string) => callEndpoint(openJob, { params: { id } }),
  close: (id: string) => callEndpoint(closeJob, { params: { id } }),
  revisions: (id: string) => callEndpoint(listJobRevisions, { params: { id } }),
  restore: (id: string, rev: number) => callEndpoint(restoreJobRevision, { params: { id, rev } }),
};
