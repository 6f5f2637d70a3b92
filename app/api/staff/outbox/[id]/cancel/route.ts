// POST /api/staff/outbox/{id}/cancel: an e-mail not yet sent will not be (managers).
import { cancelMail } from "@/lib/mail/outbox.service";
import * as contracts from "@/lib/mail/outbox.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.cancelMail, async (_request, { params, session, reply }) =>
    reply(200, await cancelMail(params.id, session)),
  ),
});
