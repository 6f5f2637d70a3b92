// POST /api/content/articles/{id}/archive: take an article off the site (managers and owners).
import * as service from "@/lib/content/article.service";
import * as contracts from "@/lib/content/content.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.archiveArticle, async (_request, { params, session, reply }) =>
    reply(200, await service.archiveArticle(params.id, session)),
  ),
});
