// GET /api/staff/outbox?status=&lead_id=&proposal_id=: e-mails with their delivery state, newest first: the
// whole outbox for managers; one lead's or proposal's for any member of staff.
import { NextResponse } from "next/server";
import { ZOutboxQuery } from "@/lib/mail/outbox.schema";
import { listOutbox } from "@/lib/mail/outbox.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "staff.outbox.list",
    async (_request, { query, session }) => NextResponse.json(await listOutbox(query, session)),
    { query: ZOutboxQuery },
  ),
});
