/**
 * One declaration per endpoint: what it takes, every answer it can give, and who may call it. The route
 * handler (route()/staffRoute()), /api/openapi.json and the browser client are all derived from it, so
 * none of them can say something the others do not. This module is plain zod: the browser imports it.
 */
import { z } from "zod";

export const CONTRACT_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ContractMethod = (typeof CONTRACT_METHODS)[number];

/** Who may call: anyone, any signed-in member of staff, or staff holding at least that role. */
export type Access = "public" | "staff" | "sales" | "manager" | "owner";

export const ERROR_CODES = [
  "validation",
  "unauthenticated",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "changed",
  "gone",
  "too_large",
  "unsupported_media_type",
  "code_required",
  "throttled",
  "internal",
  "unavailable",
] as const;

/** The one error shape every endpoint answers with (lib/http/respond.ts writes it). */
export const ZErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
    }),
  })
  .meta({ id: "Error", description: "Every error: a code a client can act on and a message." });

export interface ResponseSpec {
  description: string;
  /** The body's schema; absent for an answer without a body. */
  schema?: z.ZodType;
  /** application/json unless said (a CSV, a PDF, a calendar file). */
  contentType?: string;
  /** Headers the answer always carries, by name, with what they mean. */
  headers?: Record<string, string>;
}

export interface BodySpec<B extends z.ZodType = z.ZodType> {
  schema: B;
  /** Largest body accepted (413 past it); the front door's default is 16 KiB. */
  maxBytes?: number;
  /** Beacon endpoints take JSON sent as text/plain too (navigator.sendBeacon cannot set the type). */
  allowTextPlain?: boolean;
  /**
   * The handler reads the body itself (a batch checked item by item, a multipart upload, a body that is
   * parsed after a budget is taken); the schema still documents it. The default: the front door parses it.
   */
  readByHandler?: boolean;
  /** Other media types the endpoint takes, documented beside application/json (multipart uploads). */
  alsoAccepts?: Record<string, z.ZodType>;
  /** A request that works as written; the contract test sends it. */
  example?: unknown;
}

export interface Contract {
  operationId: string;
  method: ContractMethod;
  /** The path as OpenAPI writes it: /api/crm/leads/{id}. */
  path: string;
  /** One line: what the endpoint does. */
  summary: string;
  /** What a caller needs beyond the summary: idempotency, odd shapes, what an id is. */
  description?: string;
  tag: string;
  access: Access;
  /** Staff endpoints open to an account that must still enrol in two-factor. */
  isOpenBeforeEnrolment?: boolean;
  /** Answers without reading the database (a file, a document, the lock): it never answers 503. */
  isDatabaseFree?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: BodySpec;
  /** Every answer this endpoint gives by status, the front door's own ones included (see implied). */
  responses: Record<number, ResponseSpec>;
}

/** Declares one endpoint; the answers the front door gives on its behalf are added here, once. */
export function defineContract<const C extends Contract>(
  contract: C,
): C & { responses: C["responses"] } {
  return { ...contract, responses: { ...impliedResponses(contract), ...contract.responses } };
}

export const errorAnswer = (
  description: string,
  headers?: Record<string, string>,
): ResponseSpec => ({
  description,
  schema: ZErrorBody,
  headers,
});

/** The answers the shared front door gives for any endpoint of this kind, before the handler runs. */
function impliedResponses(contract: Contract): Record<number, ResponseSpec> {
  const implied: Record<number, ResponseSpec> = {
    400: errorAnswer(
      contract.body || contract.query
        ? "The input is not valid: `error.fields` names each field with its messages."
        : "An unexpected query parameter or body was sent.",
    ),
  };
  if (!contract.isDatabaseFree)
    implied[503] = errorAnswer(
      "The database cannot be reached; try again after `Retry-After` seconds.",
      { "Retry-After": "Seconds to wait before trying again." },
    );
  if (contract.access !== "public") {
    implied[401] = errorAnswer("No valid staff session (sign in with POST /api/crm/auth).");
    // An account still due to enrol in two-factor may call an endpoint open before enrolment.
    if (contract.access !== "staff" || !contract.isOpenBeforeEnrolment)
      implied[403] = errorAnswer(
        contract.access === "staff"
          ? "The account must set up two-factor sign-in first."
          : `Needs the ${contract.access} role or above (or two-factor set-up is still due).`,
      );
  }
  if (contract.params) implied[404] = errorAnswer("No such record (a malformed id names none).");
  if (contract.body) {
    implied[413] = errorAnswer("The body is larger than this endpoint takes.");
    implied[415] = errorAnswer("The body is not JSON (send Content-Type: application/json).");
  }
  return implied;
}

/** The status and schema of the answer a successful call gets. */
export function successOf(contract: Contract): { status: number; spec: ResponseSpec } {
  const status = Object.keys(contract.responses)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  if (status === undefined) throw new Error(`${contract.operationId} documents no success answer`);
  return { status, spec: contract.responses[status]! };
}

type Out<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;
export type ParamsOf<C extends Contract> = Out<C["params"]>;
export type QueryOf<C extends Contract> = Out<C["query"]>;
export type BodyOf<C extends Contract> =
  C["body"] extends BodySpec<infer B>
    ? C["body"] extends { readByHandler: true }
      ? undefined
      : z.output<B>
    : undefined;
/** What the handler may answer with status S: the schema's input (what we serialise). */
export type AnswerOf<
  C extends Contract,
  S extends keyof C["responses"],
> = C["responses"][S] extends { schema: infer T extends z.ZodType } ? z.input<T> : never;
/** What a successful call hands the browser. */
export type SuccessOf<C extends Contract> = {
  [S in keyof C["responses"]]: S extends 200 | 201 | 202 | 204
    ? C["responses"][S] extends { schema: infer T extends z.ZodType }
      ? z.output<T>
      : undefined
    : never;
}[keyof C["responses"]];

/** /api/crm/leads/{id} with {id: "…"} → /api/crm/leads/…; every segment encoded. */
export function pathOf(contract: Contract, params: Record<string, string> = {}): string {
  return contract.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new Error(`${contract.operationId}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Building blocks the response schemas share. */
export const zTimestamp = z
  .string()
  .meta({ format: "date-time", example: "2026-11-26T18:30:00.000Z" });
export const zIdOut = z.string().meta({ format: "uuid" });
export const zPathId = z.object({
  id: z.uuid("Not a valid id.").meta({ description: "The record's id (a UUID)." }),
});
export const ZOk = z.object({ ok: z.literal(true) }).meta({ id: "Ok" });
export const fileAnswer = (description: string, contentType: string): ResponseSpec => ({
  description,
  contentType,
  headers: { "Content-Disposition": "attachment, with the file's name." },
});
