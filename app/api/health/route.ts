// GET /api/health: liveness plus a database round trip, for load balancers and the test server.
import { checkHealth } from "@/lib/health/health.service";
import { methods, route } from "@/lib/http/route";
import { health } from "@/lib/platform/platform.contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(health, async (_request, { reply }) =>
    reply(200, await checkHealth(), { "Cache-Control": "no-store" }),
  ),
});
