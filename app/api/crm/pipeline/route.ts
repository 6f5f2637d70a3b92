// GET /api/crm/pipeline: the sales stages in pipeline order.
import { NextResponse } from "next/server";
import { LEAD_STAGES } from "@/lib/crm/crm.schema";
import { staffRoute } from "@/lib/staff/staff-route";

export const GET = staffRoute("crm.pipeline", async () => NextResponse.json({ stages: LEAD_STAGES }));
