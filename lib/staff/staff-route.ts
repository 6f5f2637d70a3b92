import "server-only";
import type { NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { requireStaff } from "./require-staff";
import type { StaffSession } from "./session.service";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * A route handler for the staff API: the session (and, for changes, the same-origin check) is
 * verified here on every call, never left to the proxy; errors use the shared JSON shape.
 */
export function staffRoute<Params extends Record<string, string>>(
  name: string,
  handler: (
    request: NextRequest,
    context: { session: StaffSession; params: Params },
  ) => Promise<Response>,
) {
  return route<RouteContext>(name, async (request, context) => {
    const session = await requireStaff(request);
    const params = (await context.params) as Params;
    return handler(request, { session, params });
  });
}
