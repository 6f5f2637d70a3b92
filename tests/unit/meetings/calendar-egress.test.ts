import { describe, expect, it } from "vitest";
import { createServer, type AddressInfo } from "node:net";
import {
  isPublicAddress,
  mayLeadToPublicAddress,
  PrivateAddressError,
  requestOutbound,
} from "@/lib/meetings/calendar-egress";

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

describe("a calendar server's answer, as the calendar sync reads it", () => {
  // A raw server on loopback, so it can answer what a real one may: a status no standard defines.
  async function answerWith(statusLine: string, body: string) {
    const server = createServer((socket) => {
      socket.once("data", () =>
        socket.end(
          `HTTP/1.1 ${statusLine}\r\ncontent-type: text/plain\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
        ),
      );
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    const { port } = server.address() as AddressInfo;
    try {
      return await requestOutbound(`http://127.0.0.1:${port}/calendar/`, {
        method: "REPORT",
        headers: { "content-type": "application/xml" },
        body: "<query/>",
        signal: AbortSignal.timeout(5_000),
        allowPrivateAddresses: true,
      });
    } finally {
      server.close();
    }
  }

  it("a status above 599 reads as a bad gateway, not a crash", async () => {
    const answer = await answerWith("799 Made Up", "odd");
    expect(answer.status).toBe(502);
  });

  it("a multi-status answer keeps its status, headers and body", async () => {
    const answer = await answerWith("207 Multi-Status", "<multistatus/>");
    expect(answer.status).toBe(207);
    expect(answer.headers.get("content-type")).toBe("text/plain");
    expect(await answer.text()).toBe("<multistatus/>");
  });

  it("a loopback calendar is refused unless private addresses are allowed", async () => {
    await expect(
      requestOutbound("http://127.0.0.1:9/", {
        method: "GET",
        headers: {},
        body: "",
        signal: AbortSignal.timeout(5_000),
        allowPrivateAddresses: false,
      }),
    ).rejects.toBeInstanceOf(PrivateAddressError);
  });
});

describe("a calendar address, judged when it is connected", () => {
  it("cannot lead anywhere public when its host is a private address or only names one", async () => {
    for (const url of [
      "http://127.0.0.1:5232/ana/",
      "http://localhost:5232/ana/",
      "http://[::1]/ana/",
      "http://169.254.169.254/latest/",
      "https://10.0.0.7/dav/",
    ])
      expect(await mayLeadToPublicAddress(url), url).toBe(false);
  });

  it("may when its host is a public address, or a name that does not resolve now (the read will tell)", async () => {
    for (const url of [
      "https://8.8.8.8/dav/",
      "https://[2001:4860:4860::8888]/dav/",
      "https://calendar.invalid/ana/",
    ])
      expect(await mayLeadToPublicAddress(url), url).toBe(true);
  });
});
