import type { NextRequest } from "next/server";
import { toErrorResponse } from "./respond";

type Handler<Ctx> = (request: NextRequest, context: Ctx) => Promise<Response>;

/**
 * Wraps a route handler so every failure becomes the shared JSON error shape, never an HTML 500.
 * Feature-specific guards (session, rate limit) compose inside the handler, where they are visible.
 */
export function route<Ctx>(name: string, handler: Handler<Ctx>): Handler<Ctx> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return toErrorResponse(error, name);
    }
  };
}
