// GET /api/content/articles/{id}/revisions: every revision, newest first.
import * as service from "@/lib/content/article.service";
import * as contracts from "@/lib/content/content.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listArticleRevisions, async (_request, { params, reply }) =>
    reply(200, await service.listRevisions(params.id)),
  ),
});
