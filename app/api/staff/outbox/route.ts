// GET /api/staff/outbox?status=: every e-mail with its delivery state, newest first (managers).
import { NextResponse } from "next/server";
import { ZOutboxQuery } from "@/lib/mail/outbox.schema";
import { listOutbox } from "@/lib/mail/outbox.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "staff.outbox.list",
    async (_request, { query, session }) => NextResponse.json(await listOutbox(query, session)),
    { query: ZOutboxQuery, role: "manager" },
  ),
});
