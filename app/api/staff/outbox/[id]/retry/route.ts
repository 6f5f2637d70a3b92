// POST /api/staff/outbox/{id}/retry: attempt a waiting or failed e-mail now (managers).
import { NextResponse } from "next/server";
import { ZOutboxParams } from "@/lib/mail/outbox.schema";
import { retryMail } from "@/lib/mail/outbox.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute(
    "staff.outbox.retry",
    async (_request, { params, session }) => NextResponse.json(await retryMail(params.id, session)),
    { params: ZOutboxParams, hasNoBody: true, role: "manager" },
  ),
});
