import "server-only";
import { appError } from "@/lib/http/server-message";
import type { NextRequest } from "next/server";
import {
  methods,
  route,
  type RouteContext,
  type RouteHandler,
  type RouteOptions,
} from "@/lib/http/route";
import { requireStaff } from "./require-staff";
import { roleAtLeast, type StaffRole } from "./roles";
import type { StaffSession } from "./session.service";

/** Staff data is one person's view: no shared cache may keep it, and a cache must key on the cookie. */
export const STAFF_RESPONSE_HEADERS = {
  "Cache-Control": "private, no-store",
  Vary: "Cookie",
} as const;

/**
 * A route handler for the staff API, on the shared front door: the session (and, for changes, the
 * same-origin proof) is verified here on every call, never left to the proxy; every answer,
 * errors included, carries the private no-store headers.
 */
export function staffRoute<Params = Record<string, never>, Query = Record<string, never>>(
  name: string,
  handler: (
    request: NextRequest,
    context: RouteContext<Params, Query> & { session: StaffSession },
  ) => Promise<Response>,
  {
    role,
    isOpenBeforeEnrolment = false,
    ...options
  }: Omit<RouteOptions<Params, Query>, "headers"> & {
    /** The weakest role allowed (owner ⊃ manager ⊃ sales); any signed-in staff when absent. */
    role?: StaffRole;
    /** Open to an account that must still enrol in two-factor (the enrolment itself, who am I). */
    isOpenBeforeEnrolment?: boolean;
  } = {},
) {
  // The session found while authorising, handed to the handler once the input has been parsed.
  const sessions = new WeakMap<NextRequest, StaffSession>();
  return route<Params, Query>(
    name,
    async (request, context) => {
      const session = sessions.get(request);
      if (!session) throw appError("unauthenticated", "signInFirst");
      return handler(request, { ...context, session });
    },
    {
      ...options,
      headers: STAFF_RESPONSE_HEADERS,
      // Who is calling is settled before any id is parsed: a stranger gets 401, never "Not a valid id.".
      authorise: async (request) => {
        const session = await requireStaff(request);
        if (session.mustEnrolTwoFactor && !isOpenBeforeEnrolment)
          throw appError("forbidden", "setUpTwoFactorMenu");
        assertRole(session, role);
        sessions.set(request, session);
      },
    },
  );
}

/** 403 unless the session's account holds at least `required`. */
export function assertRole(session: StaffSession, required: StaffRole | undefined): void {
  if (!required) return;
  if (!roleAtLeast(session.account.role, required)) throw appError("forbidden", "roleForbids");
}

/** `methods()` for staff route modules: the 405 answers carry the private no-store headers too. */
export function staffMethods(handlers: Parameters<typeof methods>[0]) {
  return methods(handlers, STAFF_RESPONSE_HEADERS) satisfies Record<string, RouteHandler>;
}
