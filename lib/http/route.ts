import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { serverEnv } from "@/lib/env";
import { AppError } from "./app-error";
import { clientAddress } from "./client-address";
import { apiMessage, callerLocale, type ApiLocale } from "./locale";
import { type AnswerOf, type BodyOf, type Contract, type ParamsOf, type QueryOf } from "./contract";
import { assertNoBody, parseInput, readJsonBody } from "./parse";
import { toErrorResponse } from "./respond";
import { zText } from "./text";

/** Who is calling, built once per request by the front door; services get this, never raw headers. */
export interface ClientContext {
  /** The real client address (see client-address.ts); "unknown" when nothing trustworthy says. */
  address: string;
  userAgent: string | null;
  referrer: string | null;
  /** The Idempotency-Key header, already validated, when sent. */
  idempotencyKey: string | null;
  locale: ApiLocale;
}

export interface RouteContext<Params, Query = Record<string, never>> {
  client: ClientContext;
  params: Params;
  query: Query;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: NextRequest, context: NextRouteContext) => Promise<Response>;

export interface RouteOptions<Params, Query = Record<string, never>> {
  /** Schema of the dynamic path segments ({ id: zRouteId }); a malformed id names no record (404). */
  params?: z.ZodType<Params>;
  /** Schema of the query string; without one, any query parameter is refused (400). */
  query?: z.ZodType<Query>;
  /** The route reads no body: anything sent is refused with 400 before any work. */
  hasNoBody?: boolean;
  /** Headers added to every answer of this route, errors included (staff: private, no-store). */
  headers?: Record<string, string>;
  /**
   * Runs first, before ids, query or body are looked at: a caller who may not use the route learns
   * only that (401/403), never whether an id is well formed, and costs no parsing.
   */
  authorise?: (request: NextRequest) => Promise<void>;
}

/** Routes that read no query string refuse one: an unexpected parameter is a client mistake. */
function refuseQuery(raw: Record<string, string>, locale: ApiLocale): Record<string, never> {
  const names = Object.keys(raw);
  if (names.length === 0) return {};
  const message = apiMessage(locale, "noQuery");
  throw new AppError("validation", message, {
    fields: Object.fromEntries(names.slice(0, 20).map((name) => [name.slice(0, 100), [message]])),
  });
}

/** Route ids are our UUIDs. */
export const zRouteId = z.uuid("Not a valid id.");
/** An Idempotency-Key: letters, digits, - and _, 8–100 characters. */
export const ZIdempotencyKey = zText()
  .trim()
  .min(8, "Too short.")
  .max(100, "Too long.")
  .regex(/^[\w-]+$/, "Use letters, digits, - and _.");

export function clientContextOf(
  request: NextRequest,
  locale = callerLocale(request.headers),
): ClientContext {
  const idempotencyHeader = request.headers.get("idempotency-key");
  return {
    address: clientAddress(request.headers, serverEnv().TRUSTED_PROXY_HOPS),
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    referrer: request.headers.get("referer")?.slice(0, 1000) ?? null,
    idempotencyKey: idempotencyHeader
      ? parseInput(
          z.object({ "Idempotency-Key": ZIdempotencyKey }),
          {
            "Idempotency-Key": idempotencyHeader,
          },
          locale,
        )["Idempotency-Key"]
      : null,
    locale,
  };
}

/**
 * The front door every route handler goes through: authorises the caller (when the route says how),
 * then builds the client context, parses the route's ids, and turns every failure into the shared JSON error shape with its status (never an HTML 500;
 * an unreachable database is a 503 with Retry-After).
 */
export function route<C extends Contract>(
  contract: C,
  handler: ContractHandler<C>,
  options?: ContractRouteOptions<C>,
): RouteHandler;
/** Today's undeclared style, kept while routes move to contracts (docs/api.md: converting a route). */
export function route<Params = Record<string, never>, Query = Record<string, never>>(
  name: string,
  handler: (request: NextRequest, context: RouteContext<Params, Query>) => Promise<Response>,
  options?: RouteOptions<Params, Query>,
): RouteHandler;
export function route(
  nameOrContract: string | Contract,
  handler: (request: NextRequest, context: never) => Promise<Response>,
  options: RouteOptions<unknown, unknown> | ContractRouteOptions<Contract> = {},
): RouteHandler {
  if (typeof nameOrContract === "string")
    return frontDoor(
      nameOrContract,
      handler as (
        request: NextRequest,
        context: RouteContext<unknown, unknown>,
      ) => Promise<Response>,
      options as RouteOptions<unknown, unknown>,
    );
  if (nameOrContract.access !== "public")
    throw new Error(`${nameOrContract.operationId} is a staff endpoint: bind it with staffRoute()`);
  return contractRoute(
    nameOrContract,
    handler as ContractHandler<Contract>,
    options as ContractRouteOptions<Contract>,
  );
}

/** What a contract's handler is handed: the input the contract declares, parsed; and a typed reply. */
export interface ContractContext<C extends Contract> {
  client: ClientContext;
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** A JSON answer with one of the contract's statuses, its body checked against that status's schema type. */
  reply: <S extends keyof C["responses"] & number>(
    status: S,
    body: AnswerOf<C, S>,
    headers?: Record<string, string>,
  ) => NextResponse;
}
export type ContractHandler<C extends Contract, Extra = object> = (
  request: NextRequest,
  context: ContractContext<C> & Extra,
) => Promise<Response>;

export interface ContractRouteOptions<C extends Contract = Contract, Extra = object> {
  /** Headers added to every answer, errors included. */
  headers?: Record<string, string>;
  /** Runs first, before anything is parsed (the staff session check). */
  authorise?: (request: NextRequest) => Promise<void>;
  /**
   * Runs after the ids and query, before the body is read: a same-origin proof, or a permission on
   * the record the ids name, so a caller who may not change it learns that before any body check.
   */
  beforeBody?: (
    request: NextRequest,
    context: Omit<ContractContext<C>, "body" | "reply"> & Extra,
  ) => void | Promise<void>;
}

/**
 * Binds a contract to its handler on the front door: the contract says which ids, query and body to
 * parse (and a write without a declared body refuses one), the handler gets them typed.
 */
export function contractRoute<C extends Contract, Extra = object>(
  contract: C,
  handler: ContractHandler<C, Extra>,
  options: ContractRouteOptions<C, Extra> & { extra?: (request: NextRequest) => Extra } = {},
): RouteHandler {
  const { body: bodySpec } = contract;
  return frontDoor<unknown, unknown>(
    contract.operationId,
    async (request, { client, params, query }) => {
      const extra = options.extra?.(request) ?? ({} as Extra);
      const parsed = { client, params, query, ...extra } as Omit<
        ContractContext<C>,
        "body" | "reply"
      > &
        Extra;
      await options.beforeBody?.(request, parsed);
      const body =
        bodySpec && !bodySpec.readByHandler
          ? await readJsonBody(request, bodySpec.schema, {
              maxBytes: bodySpec.maxBytes,
              allowTextPlain: bodySpec.allowTextPlain,
            })
          : undefined;
      const reply = (status: number, answer: unknown, headers: Record<string, string> = {}) =>
        NextResponse.json(answer, { status, headers });
      return handler(request, { ...parsed, body, reply } as ContractContext<C> & Extra);
    },
    {
      params: contract.params as z.ZodType<unknown> | undefined,
      query: contract.query as z.ZodType<unknown> | undefined,
      hasNoBody: !contract.body && contract.method !== "GET",
      headers: options.headers,
      authorise: options.authorise,
    },
  );
}

function frontDoor<Params, Query>(
  name: string,
  handler: (request: NextRequest, context: RouteContext<Params, Query>) => Promise<Response>,
  options: RouteOptions<Params, Query> = {},
): RouteHandler {
  return async (request, context) => {
    const locale = callerLocale(request.headers);
    let response: Response;
    try {
      await options.authorise?.(request);
      const client = clientContextOf(request, locale);
      const rawParams = (await context?.params) ?? {};
      const params = options.params
        ? parseParams(options.params, rawParams, locale)
        : (rawParams as Params);
      const rawQuery = Object.fromEntries(request.nextUrl.searchParams.entries());
      const query = (
        options.query ? parseInput(options.query, rawQuery, locale) : refuseQuery(rawQuery, locale)
      ) as Query;
      if (options.hasNoBody) await assertNoBody(request);
      response = await handler(request, { client, params, query });
    } catch (error) {
      response = toErrorResponse(error, name, locale);
    }
    for (const [key, value] of Object.entries(options.headers ?? {}))
      response.headers.set(key, value);
    return response;
  };
}

/** A path segment that is not a well-formed id names no record: 404, with the segment named. */
function parseParams<Params>(schema: z.ZodType<Params>, raw: unknown, locale: ApiLocale): Params {
  try {
    return parseInput(schema, raw, locale);
  } catch (error) {
    if (error instanceof AppError && error.code === "validation")
      throw new AppError("not_found", apiMessage(locale, "notFound"), error.details);
    throw error;
  }
}

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof HTTP_METHODS)[number];

/**
 * A route module's handlers, with every method it does not take answering 405 with `Allow` and our
 * error shape (Next.js's own 405 has neither). Route files export the result:
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: …, POST: … })`; OPTIONS
 * answers 204 with the same `Allow` as the 405s.
 */
export function methods(
  handlers: Partial<Record<Method, RouteHandler>>,
  headers: Record<string, string> = {},
): Record<Method | "OPTIONS", RouteHandler> {
  const allowed = HTTP_METHODS.filter((method) => handlers[method]);
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
  const notAllowed: RouteHandler = async (request) => {
    const locale = callerLocale(request.headers);
    const response = toErrorResponse(
      new AppError(
        "method_not_allowed",
        apiMessage(locale, "methodNotAllowed", { method: request.method }),
        {
          allow,
        },
      ),
      "method",
      locale,
    );
    for (const [key, value] of Object.entries(headers)) response.headers.set(key, value);
    return response;
  };
  // Next.js's own OPTIONS lists every exported method, the refused ones too: ours names the same as 405.
  const options: RouteHandler = async () =>
    new Response(null, { status: 204, headers: { ...headers, Allow: allow.join(", ") } });
  return {
    ...(Object.fromEntries(
      HTTP_METHODS.map((method) => [method, handlers[method] ?? notAllowed]),
    ) as Record<Method, RouteHandler>),
    OPTIONS: options,
  };
}
