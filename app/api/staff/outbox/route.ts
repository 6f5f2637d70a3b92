// GET /api/staff/outbox?status=&lead_id=&proposal_id=: e-mails with their delivery state, newest first.
import { listOutbox } from "@/lib/mail/outbox.service";
import * as contracts from "@/lib/mail/outbox.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listOutbox, async (_request, { query, session, reply }) =>
    reply(200, await listOutbox(query, session)),
  ),
});
