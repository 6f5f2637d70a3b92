// GET /api/content/articles?status=&cursor=: a page of articles. POST: start a draft.
import * as service from "@/lib/content/article.service";
import * as contracts from "@/lib/content/content.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listArticles, async (_request, { query, reply }) =>
    reply(200, await service.listArticles(query)),
  ),
  POST: staffRoute(contracts.createArticle, async (_request, { body, session, reply }) =>
    reply(201, await service.createArticle(body, session)),
  ),
});
