// POST /api/staff/outbox/{id}/retry: attempt a waiting or failed e-mail now (managers).
import { retryMail } from "@/lib/mail/outbox.service";
import * as contracts from "@/lib/mail/outbox.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.retryMail, async (_request, { params, session, reply }) =>
    reply(200, await retryMail(params.id, session)),
  ),
});
