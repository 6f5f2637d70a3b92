import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";

// The one request the server makes to an address a member of staff typed (their CalDAV calendar). It
// must not become a way to reach what only the server can: its own loopback, the database's network, a
// cloud's metadata service. So every address it connects to is checked, after DNS, at connect time (the
// address checked is the one connected to: a name that resolves to a public address for a check and a
// private one for the connection gets nowhere), and redirects are not followed.
// docs/decisions/017-meetings.md#caldav.

/**
 * Addresses that are not on the public internet (IANA special-purpose registries), one list per family:
 * a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too.
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  // IPv4 inside IPv6 (mapped, NAT64, 6to4): each can carry a private IPv4 address.
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(network, prefix, "ipv6");

/** Whether an IP address is on the public internet; anything that is not an IP address is not. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4
    ? !NOT_PUBLIC_V4.check(address, "ipv4")
    : !NOT_PUBLIC_V6.check(address, "ipv6");
}

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
  constructor(host: string) {
    super(`${host} is not a public internet address`);
  }
}

/**
 * Whether a calendar address can lead anywhere public: false when its host is a private address, or a
 * name whose every address is private (`localhost`, a name on the company's DNS). A name that does not
 * resolve now is given the benefit of the doubt: DNS can fail for a moment, and the read that follows
 * says "unreachable" if it goes on failing. The reads are still checked at connect time.
 */
export async function mayLeadToPublicAddress(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return isPublicAddress(host);
  const found = await dnsLookupAll(host).catch(() => null);
  return found === null || found.some(({ address }) => isPublicAddress(address));
}

const dnsLookupAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
  );

/** DNS as usual, keeping only public addresses; none left fails the connection before it is made. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const usable = found.filter(({ address }) => isPublicAddress(address));
    if (usable.length === 0) return callback(new PrivateAddressError(hostname), "", 0);
    if (options.all)
      return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  });
};

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Let the request reach private and loopback addresses (a calendar server on the company's network). */
  allowPrivateAddresses: boolean;
}

/**
 * Sends one request and resolves with its answer as a fetch Response (the body streamed, not read), or
 * rejects: a PrivateAddressError when the address is not public and that is not allowed, the signal's
 * error on timeout, a network error otherwise. A redirect is answered as it is, not followed.
 */
export function requestOutbound(url: string, init: OutboundRequest): Promise<Response> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // A literal address never goes through the lookup: judged here.
  if (!init.allowPrivateAddresses && isIP(host) !== 0 && !isPublicAddress(host))
    return Promise.reject(new PrivateAddressError(host));
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(
      target,
      {
        method: init.method,
        headers: { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) },
        signal: init.signal,
        ...(init.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
      },
      (incoming: IncomingMessage) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (Array.isArray(value)) for (const item of value) headers.append(name, item);
          else if (value !== undefined) headers.set(name, value);
        }
        // Node answers 1xx on their own events, so a status here is 200 or more; a server's made-up
        // code above 599 (which Response refuses) reads as the bad gateway it is.
        const received = incoming.statusCode ?? 502;
        const status = received > 599 ? 502 : received;
        const hasBody = status !== 204 && status !== 304;
        if (!hasBody) incoming.resume();
        resolve(
          new Response(hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : null, {
            status,
            headers,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}
