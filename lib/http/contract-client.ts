/**
 * Calls typed by an endpoint's contract: its input is typed by the contract, and its answer is checked
 * against the contract's schema outside production. Kept apart from api-client.ts because it brings zod
 * into the bundle: only screens that already validate use it.
 */
import type { z } from "zod";
import { callApi, type ApiRequestInit } from "./api-client";
import { pathOf, successOf, type Contract, type ParamsOf, type SuccessOf } from "./contract";

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

/** Outside production every answer is checked against the contract, so a drifting route fails loudly. */
const isCheckingAnswers = process.env.NODE_ENV !== "production";

/**
 * Calls the endpoint a contract declares: the path, query and JSON body come from typed input, and the
 * answer is the contract's success type (validated against its schema outside production).
 */
export async function callEndpoint<C extends Contract>(
  contract: C,
  input: Input<C>,
  init: Omit<ApiRequestInit, "method" | "json" | "body"> = {},
): Promise<SuccessOf<C>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const path = `${pathOf(contract, params)}${search.size > 0 ? `?${search}` : ""}`;
  const answer = await callApi<unknown>(path, {
    ...init,
    method: contract.method,
    ...(contract.body ? { json: body } : {}),
  });
  const { spec } = successOf(contract);
  if (isCheckingAnswers && spec.schema) {
    const checked = spec.schema.safeParse(answer);
    if (!checked.success)
      throw new ContractMismatchError(
        `${contract.operationId} answered outside its contract: ${checked.error.message}`,
      );
    return checked.data as SuccessOf<C>;
  }
  return answer as SuccessOf<C>;
}

/**
 * Sends a multipart form to an endpoint whose contract takes `multipart/form-data` (an upload);
 * the answer is typed and checked as callEndpoint's is.
 */
export async function callEndpointWithForm<C extends Contract>(
  contract: C,
  form: FormData,
): Promise<SuccessOf<C>> {
  const answer = await callApi<unknown>(pathOf(contract), { method: contract.method, body: form });
  const { spec } = successOf(contract);
  if (isCheckingAnswers && spec.schema) {
    const checked = spec.schema.safeParse(answer);
    if (!checked.success)
      throw new ContractMismatchError(
        `${contract.operationId} answered outside its contract: ${checked.error.message}`,
      );
    return checked.data as SuccessOf<C>;
  }
  return answer as SuccessOf<C>;
}
