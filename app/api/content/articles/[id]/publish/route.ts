// POST /api/content/articles/{id}/publish {at?}: publish now or schedule (managers and owners).
import * as service from "@/lib/content/article.service";
import * as contracts from "@/lib/content/content.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.publishArticle, async (_request, { params, body, session, reply }) =>
    reply(200, await service.publishArticle(params.id, body.at, session)),
  ),
});
