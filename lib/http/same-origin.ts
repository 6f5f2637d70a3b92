import type { NextRequest } from "next/server";
import { AppError } from "./app-error";
import { apiMessage, callerLocale } from "./locale";

const crossSite = (request: NextRequest) =>
  new AppError("forbidden", apiMessage(callerLocale(request.headers), "crossSite"));

/**
 * For public endpoints that our pages call (beacons, the signature): refuses a request another
 * site's page made (403). Clients that send neither Sec-Fetch-Site nor Origin are not browsers and
 * are judged by the limits instead.
 */
export function assertSameOrigin(request: NextRequest): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") throw crossSite(request);
  const origin = request.headers.get("origin");
  if (origin && origin !== expectedOrigin(request)) throw crossSite(request);
}

/**
 * The staff rule for state-changing requests: proof of our own origin is required, in this order
 * of trust: Origin, then Sec-Fetch-Site, then Referer. A request carrying none of them is refused,
 * since a browser always sends at least one on a same-origin fetch.
 */
export function assertStaffOrigin(request: NextRequest): void {
  const own = expectedOrigin(request);
  const origin = request.headers.get("origin");
  if (origin) {
    if (origin !== own) throw crossSite(request);
    return;
  }
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) {
    if (fetchSite !== "same-origin") throw crossSite(request);
    return;
  }
  const referrer = request.headers.get("referer");
  if (referrer && originOf(referrer) === own) return;
  throw crossSite(request);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function expectedOrigin(request: NextRequest): string {
  // Behind a proxy the public host arrives in X-Forwarded-Host; directly, Host is the truth.
  const host =
    request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? request.nextUrl.host;
  const protocol =
    request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol.replace(":", "");
  return `${protocol}://${host}`;
}
