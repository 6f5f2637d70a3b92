// GET /api/crm/review: lead submissions held back past the global threshold ("Needs review"), newest first.
import { NextResponse } from "next/server";
import { listHeldSubmissions } from "@/lib/leads/lead-review.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute("crm.review.list", async () =>
    NextResponse.json({ data: await listHeldSubmissions() }),
  ),
});
