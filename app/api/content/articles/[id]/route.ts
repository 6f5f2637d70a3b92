// GET/PATCH/DELETE /api/content/articles/{id}: read, change (naming the revision edited) or delete an article.
import * as service from "@/lib/content/article.service";
import * as contracts from "@/lib/content/content.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getArticle, async (_request, { params, reply }) =>
    reply(200, await service.getArticle(params.id)),
  ),
  PATCH: staffRoute(contracts.updateArticle, async (_request, { params, body, session, reply }) =>
    reply(200, await service.updateArticle(params.id, body, session)),
  ),
  DELETE: staffRoute(contracts.deleteArticle, async (_request, { params, session, reply }) => {
    await service.deleteArticle(params.id, session);
    return reply(200, { ok: true as const });
  }),
});
