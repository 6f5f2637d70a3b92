/**
 * The browser's side of our HTTP contract: every feature's client calls the API through here, so a
 * failed answer always arrives as one `ApiError` carrying the `{error: {code, message, fields}}` body the
 * server's error table produces (lib/http/respond.ts). `callEndpoint` takes the endpoint's contract:
 * its input is typed by it, and its answer is checked against it outside production.
 */
import type { z } from "zod";
import { pathOf, successOf, type Contract, type ParamsOf, type SuccessOf } from "./contract";

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Our error code ("validation", "rate_limited", …); "network" when there was no answer. */
    readonly code: string,
    readonly fields?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
    /** The whole parsed error body, for routes whose errors carry more than the shared fields. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }
}

export type ApiRequestInit = RequestInit & { json?: unknown };

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
  detail?: unknown;
}

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

/** Sends a request to one of our routes and returns its JSON; any non-2xx answer becomes an `ApiError`. */
export async function callApi<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const response = await send(path, init);
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Like `callApi`, for routes that answer with a file or text rather than JSON. */
export async function callApiForBlob(path: string, init: ApiRequestInit = {}): Promise<Blob> {
  const response = await send(path, init);
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

async function send(
  path: string,
  { json, headers, body, ...rest }: ApiRequestInit,
): Promise<Response> {
  try {
    return await fetch(path, {
      ...rest,
      headers: json === undefined ? headers : { "content-type": "application/json", ...headers },
      body: json === undefined ? body : JSON.stringify(json),
    });
  } catch (caught) {
    // An aborted request is the caller's own doing: let it through as the AbortError it is.
    if (caught instanceof DOMException && caught.name === "AbortError") throw caught;
    throw new ApiError("network error", 0, "network");
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as ErrorBody | null;
  const error = body?.error;
  const message =
    typeof error?.message === "string"
      ? error.message
      : typeof body?.detail === "string"
        ? body.detail
        : `HTTP ${response.status}`;
  const code = typeof error?.code === "string" ? error.code : `http_${response.status}`;
  const fields = isFieldMap(error?.fields) ? error.fields : undefined;
  const retryAfter = Number(response.headers.get("retry-after"));
  return new ApiError(
    message,
    response.status,
    code,
    fields,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    body ?? undefined,
  );
}

function isFieldMap(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === "string"),
    )
  );
}
