// POST /api/staff/outbox/{id}/cancel: an e-mail not yet sent will not be (managers).
import { NextResponse } from "next/server";
import { ZOutboxParams } from "@/lib/mail/outbox.schema";
import { cancelMail } from "@/lib/mail/outbox.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "staff.outbox.cancel",
    async (_request, { params, session }) =>
      NextResponse.json(await cancelMail(params.id, session)),
    { params: ZOutboxParams, hasNoBody: true, role: "manager" },
  ),
});
