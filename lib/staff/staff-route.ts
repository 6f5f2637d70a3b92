import "server-only";
import { appError } from "@/lib/http/server-message";
import type { NextRequest } from "next/server";
import type { Contract } from "@/lib/http/contract";
import {
  contractRoute,
  methods,
  route,
  type ContractHandler,
  type ContractRouteOptions,
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
export function staffRoute<C extends Contract>(
  contract: C,
  handler: ContractHandler<C, { session: StaffSession }>,
  options?: Pick<ContractRouteOptions<C, { session: StaffSession }>, "beforeBody">,
): RouteHandler;
/** Today's undeclared style, kept while routes move to contracts (docs/api.md: converting a route). */
export function staffRoute<Params = Record<string, never>, Query = Record<string, never>>(
  name: string,
  handler: (
    request: NextRequest,
    context: RouteContext<Params, Query> & { session: StaffSession },
  ) => Promise<Response>,
  options?: Omit<RouteOptions<Params, Query>, "headers"> & {
    role?: StaffRole;
    isOpenBeforeEnrolment?: boolean;
  },
): RouteHandler;
export function staffRoute(
  nameOrContract: string | Contract,
  handler: (request: NextRequest, context: never) => Promise<Response>,
  options: object = {},
): RouteHandler {
  if (typeof nameOrContract === "string")
    return undeclaredStaffRoute(
      nameOrContract,
      handler as Parameters<typeof undeclaredStaffRoute>[1],
      options as Parameters<typeof undeclaredStaffRoute>[2],
    );
  const contract = nameOrContract;
  const { access } = contract;
  if (access === "public")
    throw new Error(`${contract.operationId} is public: bind it with route()`);
  const sessions = new WeakMap<NextRequest, StaffSession>();
  return contractRoute<Contract, { session: StaffSession }>(
    contract,
    async (request, context) => {
      if (!context.session) throw appError("unauthenticated", "signInFirst");
      return (handler as ContractHandler<Contract, { session: StaffSession }>)(request, context);
    },
    {
      ...(options as Pick<ContractRouteOptions<Contract, { session: StaffSession }>, "beforeBody">),
      headers: STAFF_RESPONSE_HEADERS,
      authorise: async (request) => {
        sessions.set(
          request,
          await authoriseStaff(
            request,
            access === "staff" ? undefined : access,
            contract.isOpenBeforeEnrolment ?? false,
          ),
        );
      },
      extra: (request) => ({ session: sessions.get(request)! }),
    },
  );
}

/** Who is calling is settled before any id is parsed: a stranger gets 401, never "Not a valid id.". */
async function authoriseStaff(
  request: NextRequest,
  role: StaffRole | undefined,
  isOpenBeforeEnrolment: boolean,
): Promise<StaffSession> {
  const session = await requireStaff(request);
  if (session.mustEnrolTwoFactor && !isOpenBeforeEnrolment)
    throw appError("forbidden", "setUpTwoFactorMenu");
  assertRole(session, role);
  return session;
}

function undeclaredStaffRoute<Params = Record<string, never>, Query = Record<string, never>>(
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
        sessions.set(request, await authoriseStaff(request, role, isOpenBeforeEnrolment));
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
