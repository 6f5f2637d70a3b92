import { NextRequest } from "next/server";

export const TEST_ORIGIN = "http://crm.test";

type Handler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Path and query, e.g. "/api/crm/leads?q=garcia". */
  path: string;
  /** Sent as JSON unless `rawBody` is given. */
  body?: unknown;
  /** Bytes as they are (a multipart upload), or text. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  cookie?: string;
  params?: Record<string, string>;
  /** Pretend the request comes from another site. */
  isCrossSite?: boolean;
  /** Send no Origin or Sec-Fetch-Site even on a change (a non-browser client, or an old browser). */
  hasNoFetchMetadata?: boolean;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
  text: string;
  setCookie: string | null;
  /** Each Set-Cookie header on its own (setCookie joins them). */
  setCookies: string[];
}

/** Calls a route handler in-process with a real Request, as Next.js would, against the test database. */
// Tests read whatever JSON the endpoint answers; each assertion narrows it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
export async function callRoute<T = any>(
  handler: Handler,
  options: CallOptions,
): Promise<CallResult<T>> {
  const {
    method = "GET",
    path,
    body,
    rawBody,
    headers = {},
    cookie,
    params = {},
    isCrossSite = false,
    hasNoFetchMetadata = false,
  } = options;
  const requestHeaders = new Headers({ host: "crm.test", ...headers });
  if (method !== "GET" && !hasNoFetchMetadata) {
    requestHeaders.set("origin", isCrossSite ? "https://evil.example" : TEST_ORIGIN);
    requestHeaders.set("sec-fetch-site", isCrossSite ? "cross-site" : "same-origin");
  }
  if (cookie) requestHeaders.set("cookie", cookie);
  let payload: string | Uint8Array<ArrayBuffer> | undefined = rawBody;
  if (payload === undefined && body !== undefined) {
    payload = JSON.stringify(body);
    if (!requestHeaders.has("content-type")) requestHeaders.set("content-type", "application/json");
  }
  const request = new NextRequest(new URL(path, TEST_ORIGIN), {
    method,
    headers: requestHeaders,
    body: payload,
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  // Keep a byte-order mark visible: Response.text() would silently drop it.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (e.g. CSV)
  }
  return {
    status: response.status,
    headers: response.headers,
    json: json as T,
    text,
    setCookie: response.headers.get("set-cookie"),
    setCookies: response.headers.getSetCookie(),
  };
}
