// GET /api/crm/pipeline: the sales stages in pipeline order, with the number of leads in each.
import { NextResponse } from "next/server";
import { getPipeline } from "@/lib/crm/lead.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute("crm.pipeline", async () => NextResponse.json(await getPipeline())),
});
