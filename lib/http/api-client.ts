/**
 * The browser's side of our HTTP contract: every feature's client calls the API through here, so a
 * failed answer always arrives as one `ApiError` carrying the `{error: {code, message, fields}}` body the
 * server's error table produces (lib/http/respond.ts). It carries no validation library, so any page may
 * use it; calls typed by an endpoint's contract go through contract-client.ts.
 */

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

  /**
   * Whether the message only repeats what one of `fieldNames` says (a refusal about one field, such as
   * a calendar address on a private network): a form that shows those fields' messages need not say it
   * again in a toast.
   */
  repeatsMessageOf(fieldNames: readonly string[]): boolean {
    return fieldNames.some((name) => this.fields?.[name]?.includes(this.message));
  }
}

export type ApiRequestInit = RequestInit & { json?: unknown };

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
  detail?: unknown;
}

/** Sends a request to one of our routes and returns its JSON; any non-2xx answer becomes an `ApiError`. */
export async function callApi<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  return (await callApiWithStatus<T>(path, init)).body;
}

/**
 * Like `callApi`, with the success status beside the JSON: an endpoint may answer more than one 2xx
 * (200 for a preview, 202 for a send), each with its own schema, and the contract client checks the
 * answer against the one its status names.
 */
export async function callApiWithStatus<T>(
  path: string,
  init: ApiRequestInit = {},
): Promise<{ status: number; body: T }> {
  const response = await send(path, init);
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return { status: 204, body: undefined as T };
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
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
