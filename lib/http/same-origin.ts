import type { NextRequest } from "next/server";
import { AppError } from "./app-error";

/**
 * Refuses a request made by another site's page (403): the browser's Sec-Fetch-Site and Origin
 * headers tell a cross-site form, fetch or beacon apart. Clients that send neither are let through.
 */
export function assertSameOrigin(request: NextRequest): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new AppError("forbidden", "Cross-site requests are not allowed.");
  }
  const origin = request.headers.get("origin");
  if (origin && origin !== expectedOrigin(request))
    throw new AppError("forbidden", "Cross-site requests are not allowed.");
}

function expectedOrigin(request: NextRequest): string {
  // Behind a proxy the public host arrives in X-Forwarded-Host; directly, Host is the truth.
  const host =
    request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? request.nextUrl.host;
  const protocol =
    request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol.replace(":", "");
  return `${protocol}://${host}`;
}
