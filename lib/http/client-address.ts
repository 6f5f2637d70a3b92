/**
 * Headers our own server (scripts/run-app.ts) sets from the TCP socket. A client cannot forge them:
 * the server drops any copy the client sent and signs its own with a token that only this process
 * knows (FRONT_DOOR_PEER_TOKEN, generated at start-up).
 */
export const PEER_ADDRESS_HEADER = "x-avanza-peer-address";
export const PEER_TOKEN_HEADER = "x-avanza-peer-token";
export const PEER_TOKEN_ENV = "FRONT_DOOR_PEER_TOKEN";

/** The socket address our server vouched for, or null (plain `next start`, or a forged header). */
export function socketAddress(headers: Headers): string | null {
  const expected = process.env[PEER_TOKEN_ENV];
  if (!expected || headers.get(PEER_TOKEN_HEADER) !== expected) return null;
  return normaliseAddress(headers.get(PEER_ADDRESS_HEADER) ?? "") || null;
}

/**
 * The real client address. Each trusted proxy appends the address it saw to X-Forwarded-For and our
 * server adds the socket's own, so the chain reads [client-sent…, proxy-seen…, socket]; counting
 * `trustedProxyHops` entries from the right lands on the first address no client could write.
 * Without any trusted proxy that is the socket itself, whatever X-Forwarded-For says.
 */
export function clientAddress(headers: Headers, trustedProxyHops: number): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => normaliseAddress(part))
    .filter(Boolean);
  const socket = socketAddress(headers);
  const chain = socket ? [...forwarded, socket] : forwarded;
  // Without the socket (an in-process call, or `next start` run by hand) the rightmost proxy entry is
  // the socket's stand-in; with no proxy either, nothing trustworthy is known.
  const index = socket ? chain.length - 1 - trustedProxyHops : chain.length - trustedProxyHops;
  if (!socket && trustedProxyHops === 0) return "unknown";
  // Fewer entries than proxies means a request that skipped the proxy: the leftmost we have is the truth.
  return chain[Math.max(0, index)] ?? "unknown";
}

/** Strips the IPv4-mapped IPv6 prefix so one client is one key, and bounds the length. */
export function normaliseAddress(value: string): string {
  return value
    .trim()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "")
    .slice(0, 64);
}
