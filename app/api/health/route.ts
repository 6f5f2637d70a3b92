// GET /api/health: liveness plus a database round trip, for load balancers and the test server.
import { NextResponse } from "next/server";
import { checkHealth } from "@/lib/health/health.service";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("health", async () =>
    NextResponse.json(await checkHealth(), { headers: { "Cache-Control": "no-store" } }),
  ),
});
