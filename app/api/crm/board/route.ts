// GET /api/crm/board?owner=&won_period=: the pipeline board in one request: the pipeline (stages, counts, totals)
// plus the first page of cards in every column and each column's next-page cursor for the lead list.
import { getBoard } from "@/lib/crm/board.service";
import * as contracts from "@/lib/crm/crm.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getBoard, async (_request, { query, session, reply }) =>
    reply(200, await getBoard(query.owner, session, query.won_period)),
  ),
});
