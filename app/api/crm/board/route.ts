// GET /api/crm/board?owner=&won_period=: the pipeline board in one request: the pipeline (stages, counts, totals)
// plus the first page of cards in every column and each column's next-page cursor for the lead list.
import { NextResponse } from "next/server";
import { ZPipelineQuery } from "@/lib/crm/crm.schema";
import { getBoard } from "@/lib/crm/board.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.board",
    async (_request, { query, session }) =>
      NextResponse.json(await getBoard(query.owner, session, query.won_period)),
    { query: ZPipelineQuery },
  ),
});
