// Attacks that used to cost work before anyone was authorised or limited: each is answered with a
// clear 4xx before the expensive part, and writes nothing.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postEvents } from "@/app/api/analytics/event/route";
import { GET as getLead, PATCH as patchLead } from "@/app/api/crm/leads/[id]/route";
import { POST as submitLead } from "@/app/api/leads/route";
import { POST as verify } from "@/app/api/proposals/verify/route";
import { MAX_JSON_DEPTH } from "@/lib/http/parse";
import { VERIFY_PDF_MAX_BYTES } from "@/lib/proposals/proposal.schema";
import { makeEvent } from "../../support/analytics";
import { testDb } from "../../support/factories";
import { callRoute, TEST_ORIGIN } from "../../support/http";
import { staffCookie, uniqueAddress } from "../../support/staff";

let cookie: string;
beforeAll(async () => {
  cookie = await staffCookie();
});

describe("a stranger calling a staff route with a malformed id", () => {
  it("is told to sign in (401), never whether the id is well formed", async () => {
    for (const result of [
      await callRoute(getLead, { path: "/api/crm/leads/not-an-id", params: { id: "not-an-id" } }),
      await callRoute(patchLead, {
        method: "PATCH",
        path: "/api/crm/leads/%27%3B--",
        params: { id: "';--" },
        body: { stage: "Won" },
      }),
    ]) {
      expect(result.status).toBe(401);
      expect(result.json.error.code).toBe("unauthenticated");
      expect(result.text).not.toMatch(/valid id/i);
    }
  });

  it("while a signed-in colleague still gets 404 for the same id", async () => {
    const result = await callRoute(getLead, {
      path: "/api/crm/leads/not-an-id",
      params: { id: "not-an-id" },
      cookie,
    });
    expect(result.status).toBe(404);
  });
});

/** `{"x":[[[[…]]]]}` nested `depth` arrays deep, as raw text (JSON.stringify would recurse too). */
const nested = (prefix: string, depth: number, suffix: string) =>
  `${prefix}${"[".repeat(depth)}${"]".repeat(depth)}${suffix}`;

describe("deeply nested JSON", () => {
  it("on the lead endpoint is a 400 naming the nesting, and no lead is written", async () => {
    const before = await testDb().lead.count();
    const result = await callRoute(submitLead, {
      method: "POST",
      path: "/api/leads",
      rawBody: nested(
        '{"source":"home_form","lang":"en","name":"Deep","email":"deep@example.com","message":',
        15_000,
        "}",
      ),
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueAddress() },
    });
    expect(result.status).toBe(400);
    expect(result.json.error.code).toBe("validation");
    expect(result.json.error.message).toMatch(new RegExp(`nested.*${MAX_JSON_DEPTH}`));
    expect(await testDb().lead.count()).toBe(before);
  });

  it("on the analytics event endpoint is a 400 too, and no event is stored", async () => {
    const before = await testDb().analyticsEvent.count();
    const event = JSON.stringify(makeEvent());
    const result = await callRoute(postEvents, {
      method: "POST",
      path: "/api/analytics/event",
      rawBody: `{"events":[${event},${nested("", 30_000, "")}]}`,
      headers: { "content-type": "text/plain", "x-forwarded-for": uniqueAddress() },
    });
    expect(result.status).toBe(400);
    expect(result.json.error.message).toMatch(/nested/);
    expect(await testDb().analyticsEvent.count()).toBe(before);
  });

  it("in Spanish for a Spanish caller", async () => {
    const result = await callRoute(submitLead, {
      method: "POST",
      path: "/api/leads",
      rawBody: nested("", 100, ""),
      headers: {
        "content-type": "application/json",
        "accept-language": "es",
        "x-forwarded-for": uniqueAddress(),
      },
    });
    expect(result.status).toBe(400);
    expect(result.json.error.message).toMatch(/anidado/);
  });
});

const BOUNDARY = "----bounded-work-test";
const partHead = (name = "file") =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );

/**
 * A request whose body is produced on demand and never ends: `first`, then `filler` forever. Counts
 * the bytes the server pulled, so a test can tell how much of an upload was read.
 */
function endlessUpload(first: Buffer, filler: Buffer, address: string) {
  let pulled = 0;
  let isFirst = true;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = isFirst ? first : filler;
        isFirst = false;
        pulled += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new NextRequest(new URL("/api/proposals/verify", TEST_ORIGIN), {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "x-forwarded-for": address,
    },
    body,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
  return { request, pulled: () => pulled };
}

const send = async (request: NextRequest) => {
  const response = await verify(request, { params: Promise.resolve({}) });
  return { status: response.status, json: await response.json() };
};

describe("uploads to /api/proposals/verify", () => {
  it("that are not PDFs are refused from their first bytes; the rest is never read", async () => {
    const upload = endlessUpload(
      Buffer.concat([partHead(), Buffer.from("GIF89a not a pdf")]),
      Buffer.alloc(64 * 1024, 0x41),
      uniqueAddress(),
    );
    const result = await send(upload.request);
    expect(result.status).toBe(400);
    expect(result.json.error.fields.file).toEqual(["The file is not a PDF."]);
    expect(upload.pulled()).toBeLessThan(256 * 1024);
  });

  it("that never end are cut off at the cap (413), never held whole", async () => {
    const upload = endlessUpload(
      Buffer.concat([partHead(), Buffer.from("%PDF-1.7\n")]),
      Buffer.alloc(256 * 1024, 0x41),
      uniqueAddress(),
    );
    const result = await send(upload.request);
    expect(result.status).toBe(413);
    expect(upload.pulled()).toBeLessThanOrEqual(VERIFY_PDF_MAX_BYTES + 2 * 256 * 1024);
  });

  it("spend the address's budget whether PDFs or not: a flood of GIFs leaves it throttled", async () => {
    const address = uniqueAddress();
    const gif = () =>
      endlessUpload(
        Buffer.concat([partHead(), Buffer.from("GIF89a")]),
        Buffer.alloc(1024),
        address,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(gif().request)).status);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    const pdf = endlessUpload(
      Buffer.concat([
        partHead(),
        Buffer.from("%PDF-1.4\n%%EOF\n"),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
      Buffer.alloc(0),
      address,
    );
    const throttled = await send(pdf.request);
    expect(statuses[30]).toBe(429);
    expect(throttled.status).toBe(429);
    expect(pdf.pulled()).toBe(0);
  });

  it("with the PDF after another field are still found and hashed", async () => {
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
      partHead(),
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const upload = endlessUpload(body, Buffer.alloc(0), uniqueAddress());
    const result = await send(upload.request);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ match: false });
  });
});
