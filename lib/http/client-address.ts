/**
 * The client's address as far as configured proxies vouch for it. `next start` passes a client-sent
 * X-Forwarded-For through unchanged, so with no trusted proxy the value is only a hint: limits keyed
 * on it must be backed by a global cap.
 */
export function clientAddress(headers: Headers, trustedProxyHops: number): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return headers.get("x-real-ip")?.trim() || "unknown";
  // Each trusted proxy appends the address it saw; the entry just left of them is the client.
  const index = trustedProxyHops > 0 ? forwarded.length - trustedProxyHops : forwarded.length - 1;
  return forwarded[Math.max(0, index)]!.slice(0, 64);
}
