// POST /api/content/articles/{id}/revisions/{rev}/restore: bring a revision's content back as a new one.
import * as service from "@/lib/content/article.service";
import * as contracts from "@/lib/content/content.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.restoreArticleRevision, async (_request, { params, session, reply }) =>
    reply(200, await service.restoreRevision(params.id, params.rev, session)),
  ),
});
