import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/meetings/calendar-egress";

describe("which addresses a staff calendar may be read from", () => {
  it("public internet addresses of both families", () => {
    for (const address of ["8.8.8.8", "172.32.0.1", "100.128.0.1", "2001:4860:4860::8888"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("not loopback, private networks, link-local (cloud metadata), shared or reserved space, nor IPv4 hidden in IPv6", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd12:3456::1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::a00:1",
      "2002:a00:1::1",
      "localhost",
      "",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});
