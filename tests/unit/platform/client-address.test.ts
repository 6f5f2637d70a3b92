import { afterEach, describe, expect, it } from "vitest";
import {
  clientAddress,
  PEER_ADDRESS_HEADER,
  PEER_TOKEN_ENV,
  PEER_TOKEN_HEADER,
} from "@/lib/http/client-address";

const TOKEN = "server-token-0123456789";
const headers = (values: Record<string, string>) => new Headers(values);
const fromSocket = (socket: string, extra: Record<string, string> = {}) =>
  headers({ [PEER_ADDRESS_HEADER]: socket, [PEER_TOKEN_HEADER]: TOKEN, ...extra });

afterEach(() => {
  delete process.env[PEER_TOKEN_ENV];
});

describe("the real client address", () => {
  it("is the socket's when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    process.env[PEER_TOKEN_ENV] = TOKEN;
    expect(clientAddress(fromSocket("203.0.113.9", { "x-forwarded-for": "1.2.3.4" }), 0)).toBe(
      "203.0.113.9",
    );
    expect(clientAddress(fromSocket("::ffff:203.0.113.9"), 0)).toBe("203.0.113.9");
  });

  it("counts trusted proxies from the right: a client-written prefix is ignored", () => {
    process.env[PEER_TOKEN_ENV] = TOKEN;
    // Client forged "6.6.6.6"; HAProxy appended the address it saw; the socket is HAProxy itself.
    const request = fromSocket("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 198.51.100.7" });
    expect(clientAddress(request, 1)).toBe("198.51.100.7");
    expect(clientAddress(fromSocket("10.0.0.2", { "x-forwarded-for": "198.51.100.7" }), 1)).toBe(
      "198.51.100.7",
    );
  });

  it("falls back to the leftmost known entry when a request skipped the proxy", () => {
    process.env[PEER_TOKEN_ENV] = TOKEN;
    expect(clientAddress(fromSocket("198.51.100.8"), 1)).toBe("198.51.100.8");
  });

  it("ignores a peer header that does not carry this process's token (forged by a client)", () => {
    process.env[PEER_TOKEN_ENV] = TOKEN;
    const forged = headers({ [PEER_ADDRESS_HEADER]: "1.1.1.1", [PEER_TOKEN_HEADER]: "guess" });
    expect(clientAddress(forged, 0)).toBe("unknown");
    delete process.env[PEER_TOKEN_ENV];
    expect(clientAddress(fromSocket("1.1.1.1"), 0)).toBe("unknown");
  });
});
