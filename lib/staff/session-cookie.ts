import "server-only";

const isProduction = () => process.env.NODE_ENV === "production";

/** `__Host-` binds the cookie to this exact host over HTTPS, with no Domain and Path=/. */
export function staffCookieName(): string {
  return isProduction() ? "__Host-avanza_staff" : "avanza_staff";
}

/** No Max-Age or Expires: the cookie ends with the browser session; the server enforces idle and absolute limits. */
export function staffCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, secure: isProduction(), path: "/" };
}
