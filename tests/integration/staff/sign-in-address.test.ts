// With no trusted proxy (TRUSTED_PROXY_HOPS=0, the default) the address a sign-in is counted against is the
// socket's, as our server (scripts/front-door-server.ts) vouches for it: a spoofed X-Forwarded-For changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/api/crm/auth/route";
import { PEER_ADDRESS_HEADER, PEER_TOKEN_ENV, PEER_TOKEN_HEADER } from "@/lib/http/client-address";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { makeStaffAccount } from "../../support/staff";

const PEER_TOKEN = "front-door-token-for-this-test";
beforeAll(() => {
  // Set before the app first reads its environment (once per test file).
  process.env.TRUSTED_PROXY_HOPS = "0";
  process.env[PEER_TOKEN_ENV] = PEER_TOKEN;
});

const fromSocket = (socket: string, spoofed: string, body: Record<string, unknown>) =>
  callRoute(signIn, {
    method: "POST",
    path: "/api/crm/auth",
    body,
    headers: {
      [PEER_ADDRESS_HEADER]: socket,
      [PEER_TOKEN_HEADER]: PEER_TOKEN,
      "x-forwarded-for": spoofed,
    },
  });

describe("the address sign-ins are counted against", () => {
  it("is the socket's: rotating X-Forwarded-For neither spreads nor dodges the per-address cap", async () => {
    await testDb().rateLimitCounter.deleteMany();
    const accounts = await Promise.all(Array.from({ length: 5 }, () => makeStaffAccount()));
    for (let i = 0; i < 20; i++) {
      const result = await fromSocket("198.51.100.7", `203.0.113.${i}`, {
        email: accounts[i % 5]!.email,
        password: "wrong-password",
      });
      expect(result.status).toBe(401);
    }
    const keys = await testDb().rateLimitCounter.findMany({
      where: { bucket: "staff_sign_in_address" },
      select: { key: true },
    });
    expect(new Set(keys.map((k) => k.key))).toEqual(new Set(["198.51.100.7"]));

    const fresh = await makeStaffAccount();
    const right = { email: fresh.email, password: fresh.password };
    expect((await fromSocket("198.51.100.7", "192.0.2.99", right)).status).toBe(429);
    expect((await fromSocket("198.51.100.8", "198.51.100.7", right)).status).toBe(200);
  });

  it("ignores a forged peer-address header without the server's token", async () => {
    await testDb().rateLimitCounter.deleteMany();
    const fresh = await makeStaffAccount();
    const forged = await callRoute(signIn, {
      method: "POST",
      path: "/api/crm/auth",
      body: { email: fresh.email, password: "wrong-password" },
      headers: { [PEER_ADDRESS_HEADER]: "198.51.100.9", [PEER_TOKEN_HEADER]: "guess" },
    });
    expect(forged.status).toBe(401);
    const keys = await testDb().rateLimitCounter.findMany({
      where: { bucket: "staff_sign_in_address" },
      select: { key: true },
    });
    // Nothing trustworthy named the client, so the failure counts under "unknown", not the forged address.
    expect(keys.map((k) => k.key)).toEqual(["unknown"]);
  });
});
