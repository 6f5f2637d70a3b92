/**
 * Calls typed by an endpoint's contract: the input and the answer are typed by the contract, and outside
 * production the answer is checked against the schema the contract gives its status. The client holds
 * an `Endpoint` (the contract's method and path, lib/api-docs/endpoints.ts), not the contract: in
 * production no zod and no schema reach the page; in development and tests the contract is loaded on
 * first use to check answers.
 */
import type { z } from "zod";
import { callApiWithStatus, type ApiRequestInit } from "./api-client";
import type { Contract, ParamsOf, SuccessOf } from "./contract";
import { endpointPath, type Endpoint } from "./endpoint";

type Input<C extends Contract> = (C["params"] extends z.ZodType
  ? { params: ParamsOf<C> }
  : { params?: undefined }) &
  (C["query"] extends z.ZodType ? { query?: z.input<C["query"]> } : { query?: undefined }) &
  (C["body"] extends { schema: infer B extends z.ZodType }
    ? { body: z.input<B> }
    : { body?: undefined });

/** A contract's answer did not match its documented schema (development and tests only). */
export class ContractMismatchError extends Error {
  override name = "ContractMismatchError";
}

/**
 * Outside production: the answer parsed by the schema its contract documents for the status it came
 * with (an endpoint may answer 200 for one request and 202 for another), or a ContractMismatchError
 * when that status is not documented or the body does not match. Failures (4xx, 5xx) arrive as
 * ApiError before this and are not checked here: the contract test holds the server to them.
 */
async function checked<C extends Contract>(
  endpoint: Endpoint<C>,
  { status, body }: { status: number; body: unknown },
): Promise<SuccessOf<C>> {
  if (process.env.NODE_ENV !== "production" && endpoint.loadContract) {
    const contract = await endpoint.loadContract();
    const spec = contract.responses[status];
    if (!spec)
      throw new ContractMismatchError(
        `${contract.operationId} answered ${status}, a status its contract does not document`,
      );
    if (spec.schema) {
      const result = spec.schema.safeParse(body);
      if (!result.success)
        throw new ContractMismatchError(
          `${contract.operationId} answered ${status} outside its contract: ${result.error.message}`,
        );
      return result.data as SuccessOf<C>;
    }
  }
  return body as SuccessOf<C>;
}

/**
 * Calls the endpoint: the path, query and JSON body come from typed input, and the answer is one of
 * the contract's success types (validated outside production against the schema of the status it
 * came with).
 */
export async function callEndpoint<C extends Contract>(
  endpoint: Endpoint<C>,
  input: Input<C>,
  init: Omit<ApiRequestInit, "method" | "json" | "body"> = {},
): Promise<SuccessOf<C>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | null | undefined>;
    body?: unknown;
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const path = `${endpointPath(endpoint, params)}${search.size > 0 ? `?${search}` : ""}`;
  const answer = await callApiWithStatus<unknown>(path, {
    ...init,
    method: endpoint.method,
    ...(endpoint.hasBody ? { json: body } : {}),
  });
  return checked(endpoint, answer);
}

/**
 * Sends a multipart form to an endpoint whose contract takes `multipart/form-data` (an upload);
 * the answer is typed and checked as callEndpoint's is.
 */
export async function callEndpointWithForm<C extends Contract>(
  endpoint: Endpoint<C>,
  form: FormData,
): Promise<SuccessOf<C>> {
  const answer = await callApiWithStatus<unknown>(endpointPath(endpoint), {
    method: endpoint.method,
    body: form,
  });
  return checked(endpoint, answer);
}
