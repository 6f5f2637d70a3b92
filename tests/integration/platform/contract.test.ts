// Generated from the endpoint contracts: every operation is called with a valid example and with each
// error case the front door can be made to answer (401, 403, 404, 400, 413, 415, 405), against
// PostgreSQL; every answer's status must be one the document lists for it, its body must match that
// status's schema, and its media type and documented headers must be there. A route answering anything
// the document does not say fails here. Then each answer a service adds (409, 410, 428, 429, a 404 by
// link, the two-factor 403) and the 503 of every operation that reads the database are provoked, and
// the last test fails when any operation × status the contracts declare was never answered.
import { randomBytes, randomUUID } from "node:crypto";
import { generate } from "otplib";
import type pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { CONTRACT_METHODS, type Contract } from "@/lib/http/contract";
import { MAIL_JOB } from "@/lib/outbox/outbox.service";
import { createPool, createPrismaClient, type PrismaClient } from "@/lib/prisma-client";
import {
  API_CONTRACTS,
  contractsByPath,
  exampleFor,
  handlerOf,
  makeArticle,
  makeJobPosting,
  makeFixtures,
  routeFileOf,
  urlOf,
  type ExampleRequest,
  type Fixtures,
} from "../../support/contracts";
import { BROWSER_UA } from "../../support/analytics";
import { multipartBody, pngOf } from "../../support/content";
import { makeLead, testDb } from "../../support/factories";
import { proposalData } from "../../support/proposals";
import { callRoute, type CallResult } from "../../support/http";
import {
  makeStaffAccount,
  signInCookie,
  staffCookie,
  TEST_STAFF_PASSWORD,
  uniqueAddress,
} from "../../support/staff";

/**
 * Declared answers ("operationId status") that no call here can provoke, each with why. Empty: every
 * declared answer is provoked below; an answer that truly cannot happen is removed from its contract
 * instead (createTask's 404, the 503 of an operation that reads no database: `isDatabaseFree`).
 */
const NOT_PROVOKED: Record<string, string> = {};

/**
 * The valid example's answer when it is not a success, and why: the example is valid, the state it
 * meets is not one that succeeds (and that answer is documented).
 */
const VALID_BUT_REFUSED: Record<string, { status: number; why: string }> = {
  signIn: { status: 401, why: "the example's account does not exist" },
  setStaffPassword: { status: 410, why: "the example's link token was never issued" },
  confirmTwoFactorEnrolment: { status: 400, why: "the example's code is not the account's" },
  getSignedPdf: { status: 404, why: "the fixture proposal is not signed" },
  getSignedPdfByLink: { status: 404, why: "the fixture proposal is not signed" },
  decideHeldSubmission: { status: 404, why: "no submission is held" },
  retryOutboxMessage: { status: 404, why: "the outbox is empty" },
  cancelOutboxMessage: { status: 404, why: "the outbox is empty" },
  uploadContentImage: {
    status: 415,
    why: "the example is JSON; an upload is multipart, sent below with a real image",
  },
  cancelMeetingByLink: { status: 404, why: "the example's token names no meeting link" },
  rescheduleMeetingByLink: { status: 404, why: "the example's token names no meeting link" },
  handOverMeeting: { status: 409, why: "the fixture meeting is a day past, and its host active" },
};

/** Operations that change what later ones read run after them, in this order. */
const RUN_LAST = [
  "deleteArticle",
  "signSharedProposal",
  "withdrawProposal",
  "eraseLead",
  "updateStaffAccount",
  "lock",
];
const ordered = [...API_CONTRACTS].sort(
  (a, b) => RUN_LAST.indexOf(a.operationId) - RUN_LAST.indexOf(b.operationId),
);

let ids: Fixtures;
let owner: string;
let sales: string;
beforeAll(async () => {
  [ids, owner, sales] = await Promise.all([
    makeFixtures(),
    staffCookie({ name: "Olga" }),
    staffCookie({ role: "sales" }),
  ]);
});

interface Call {
  request: ExampleRequest;
  method?: string;
  cookie?: string;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
}

async function call(contract: Contract, { request, method, cookie, rawBody, contentType }: Call) {
  const handler = await handlerOf(contract);
  const headers: Record<string, string> = {
    "x-forwarded-for": uniqueAddress(),
    "user-agent": BROWSER_UA,
  };
  if (contentType) headers["content-type"] = contentType;
  return callRoute(handler, {
    method: method ?? contract.method,
    path: urlOf(contract, request),
    params: request.params,
    cookie,
    headers,
    ...(rawBody !== undefined
      ? { rawBody }
      : request.body !== undefined
        ? { body: request.body }
        : {}),
  });
}

/** Every operation × status answered so far (and found as documented); the last test reads it. */
const provoked = new Set<string>();
const pairOf = (contract: Contract, status: number) => `${contract.operationId} ${status}`;

/** The answer is one the contract documents, in the documented shape, type and headers. */
function expectDocumented(contract: Contract, result: CallResult, label: string) {
  const spec = contract.responses[result.status];
  const detail = `${label}: ${contract.method} ${contract.path} answered ${result.status} ${result.text.slice(0, 300)}`;
  expect(spec, `undocumented status — ${detail}`).toBeDefined();
  const type = result.headers.get("content-type") ?? "";
  expect(type, `media type — ${detail}`).toContain(spec!.contentType ?? "application/json");
  for (const name of Object.keys(spec!.headers ?? {}))
    expect(result.headers.get(name), `header ${name} — ${detail}`).not.toBeNull();
  if (spec!.schema) {
    const parsed = (spec!.schema as z.ZodType).safeParse(result.json);
    expect(parsed.success, `body — ${detail}\n${parsed.error?.message ?? ""}`).toBe(true);
  }
  provoked.add(pairOf(contract, result.status));
}

const cookieFor = (contract: Contract) => (contract.access === "public" ? undefined : owner);

describe("every operation answers as its contract documents", () => {
  it("serves a document naming exactly the contracts' operations", async () => {
    const document = (await callRoute(openapi, { path: "/api/openapi.json" })).json;
    const operations = Object.values(document.paths as Record<string, Record<string, unknown>>)
      .flatMap((item) => Object.values(item))
      .map((operation) => (operation as { operationId: string }).operationId)
      .sort();
    expect(operations).toEqual(API_CONTRACTS.map((contract) => contract.operationId).sort());
  });

  for (const contract of ordered) {
    it(`${contract.operationId}: a valid example`, async () => {
      ids.version = (
        await testDb().proposal.findUniqueOrThrow({ where: { id: ids.proposal } })
      ).version;
      // After deleteArticle the fixture article is gone; nothing later edits it.
      ids.articleRevision =
        (await testDb().article.findUnique({ where: { id: ids.article } }))?.revision ?? 1;
      ids.jobRevision =
        (await testDb().jobPosting.findUnique({ where: { id: ids.job } }))?.revision ?? 1;
      const result = await call(contract, {
        request: exampleFor(contract, ids),
        cookie: cookieFor(contract),
      });
      expectDocumented(contract, result, "valid example");
      const refused = VALID_BUT_REFUSED[contract.operationId];
      if (refused) expect(result.status, refused.why).toBe(refused.status);
      else expect(result.status, result.text.slice(0, 300)).toBeLessThan(300);
    });
  }

  for (const contract of API_CONTRACTS) {
    it(`${contract.operationId}: each error case the front door answers`, async () => {
      const valid = exampleFor(contract, ids);
      const cases: { name: string; status: number; call: Call }[] = [];
      if (contract.access !== "public") {
        cases.push({ name: "no session", status: 401, call: { request: valid } });
        if (contract.access === "manager" || contract.access === "owner")
          cases.push({
            name: "a sales account",
            status: 403,
            call: { request: valid, cookie: sales },
          });
      }
      if (contract.params && !contract.path.includes("{token}"))
        cases.push({
          name: "an id that names nothing",
          status: 404,
          call: {
            request: {
              ...valid,
              params: Object.fromEntries(
                Object.keys(valid.params).map((name) => [name, "no-such-id"]),
              ),
            },
            cookie: cookieFor(contract),
          },
        });
      if (!contract.body && contract.method !== "GET")
        cases.push({
          name: "a body where none is taken",
          status: 400,
          call: {
            request: valid,
            rawBody: "{}",
            contentType: "application/json",
            cookie: cookieFor(contract),
          },
        });
      if (!contract.query)
        cases.push({
          name: "an unexpected query parameter",
          status: 400,
          call: {
            request: { ...valid, query: { unexpected: "1" } },
            cookie: cookieFor(contract),
          },
        });
      if (contract.body && !contract.body.readByHandler) {
        cases.push(
          {
            name: "a body that is not JSON",
            status: 415,
            call: {
              request: valid,
              rawBody: "a=1",
              contentType: "application/x-www-form-urlencoded",
              cookie: cookieFor(contract),
            },
          },
          {
            name: "a body past the limit",
            status: 413,
            call: {
              request: valid,
              rawBody: JSON.stringify({ pad: "x".repeat((contract.body.maxBytes ?? 16_384) + 1) }),
              contentType: "application/json",
              cookie: cookieFor(contract),
            },
          },
          {
            name: "a body of the wrong shape",
            status: 400,
            call: {
              request: valid,
              rawBody: "[]",
              contentType: "application/json",
              cookie: cookieFor(contract),
            },
          },
        );
      }
      for (const { name, status, call: request } of cases) {
        const result = await call(contract, request);
        expectDocumented(contract, result, name);
        expect(result.status, `${name}: ${result.text.slice(0, 200)}`).toBe(status);
      }
    });
  }

  for (const [path, contracts] of contractsByPath()) {
    it(`${path}: a method it does not take is 405 with Allow naming exactly the contracts' methods`, async () => {
      const declared = contracts.map((contract) => contract.method);
      const other = CONTRACT_METHODS.find((method) => !declared.includes(method))!;
      const routeModule = (await import(routeFileOf({ path }))) as Record<string, unknown>;
      for (const method of CONTRACT_METHODS) expect(routeModule[method]).toBeTypeOf("function");
      const result = await callRoute(routeModule[other] as Parameters<typeof callRoute>[0], {
        method: other,
        path: urlOf(contracts[0]!, exampleFor(contracts[0]!, ids)),
        cookie: owner,
      });
      expect(result.status).toBe(405);
      const allow = result.headers.get("allow")!.split(", ");
      const expected = [...declared, ...(declared.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
      expect(allow.sort()).toEqual(expected.sort());
      expect(result.json.error.code).toBe("method_not_allowed");
      const options = await callRoute(routeModule.OPTIONS as Parameters<typeof callRoute>[0], {
        method: "OPTIONS",
        path: urlOf(contracts[0]!, exampleFor(contracts[0]!, ids)),
      });
      expect(options.status).toBe(204);
      expect(options.headers.get("allow")).toBe(result.headers.get("allow"));
    });
  }
});

/** The contract of an operation, by id. */
const contractOf = (operationId: string): Contract => {
  const found = API_CONTRACTS.find((contract) => contract.operationId === operationId);
  if (!found) throw new Error(`no contract ${operationId}`);
  return found;
};

interface Provocation extends Partial<Omit<Call, "request">> {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Send the request as from another site (no same-origin proof). */
  isCrossSite?: boolean;
  address?: string;
}

/**
 * Calls an operation with its valid example changed as said, and checks the answer is `status`,
 * documented and in the documented shape.
 */
async function provoke(operationId: string, status: number, change: Provocation = {}) {
  const contract = contractOf(operationId);
  const valid = exampleFor(contract, ids);
  const request: ExampleRequest = {
    params: { ...valid.params, ...change.params },
    query: { ...valid.query, ...change.query },
    ...(contract.body ? { body: "body" in change ? change.body : valid.body } : {}),
  };
  const headers: Record<string, string> = {
    "x-forwarded-for": change.address ?? uniqueAddress(),
    "user-agent": BROWSER_UA,
  };
  if (change.contentType) headers["content-type"] = change.contentType;
  const result = await callRoute(await handlerOf(contract), {
    method: contract.method,
    path: urlOf(contract, request),
    params: request.params,
    cookie: "cookie" in change ? change.cookie : cookieFor(contract),
    headers,
    isCrossSite: change.isCrossSite,
    ...(change.rawBody !== undefined
      ? { rawBody: change.rawBody }
      : request.body !== undefined
        ? { body: request.body }
        : {}),
  });
  expectDocumented(contract, result, `provoking ${status}`);
  expect(result.status, `${operationId}: ${result.text.slice(0, 300)}`).toBe(status);
  return result;
}

/**
 * Calls until the operation answers 429 (its budget is spent), at most `limit` times; `bodyAt` gives
 * each call its own body where an identical one would count as a retry of the first.
 */
async function exhaust(
  operationId: string,
  change: Provocation,
  limit: number,
  bodyAt?: (attempt: number) => unknown,
) {
  const contract = contractOf(operationId);
  const address = change.address ?? uniqueAddress();
  for (let attempt = 0; attempt < limit; attempt++) {
    const valid = exampleFor(contract, ids);
    const request: ExampleRequest = {
      params: { ...valid.params, ...change.params },
      query: { ...valid.query, ...change.query },
      ...(contract.body
        ? { body: bodyAt ? bodyAt(attempt) : "body" in change ? change.body : valid.body }
        : {}),
    };
    const result = await callRoute(await handlerOf(contract), {
      method: contract.method,
      path: urlOf(contract, request),
      params: request.params,
      cookie: change.cookie,
      headers: {
        "x-forwarded-for": address,
        "user-agent": BROWSER_UA,
        ...(change.contentType ? { "content-type": change.contentType } : {}),
      },
      ...(change.rawBody !== undefined ? { rawBody: change.rawBody } : { body: request.body }),
    });
    expectDocumented(contract, result, `exhausting the budget (call ${attempt + 1})`);
    if (result.status === 429) {
      expect(Number(result.headers.get("retry-after"))).toBeGreaterThan(0);
      return;
    }
  }
  throw new Error(`${operationId}: no 429 after ${limit} calls`);
}

/** A shared proposal of its own (the fixtures' are signed and withdrawn by the valid examples). */
async function makeSharedProposal(overrides: { expiresAt?: Date; erasedAt?: Date } = {}) {
  const proposal = await testDb().proposal.create({
    data: {
      token: randomBytes(32).toString("base64url"),
      data: proposalData(),
      status: "shared",
      sentAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
      leadId: (await makeLead()).id,
      ...overrides,
    },
  });
  return { id: proposal.id, token: proposal.token, version: proposal.version };
}

const OFF_SITE = "an-unknown-link-" + "x".repeat(27);
const LONG_LANG = { lang: "x".repeat(11) };

describe("each error a service adds is provoked", () => {
  it("a query that is not valid is 400", async () => {
    const invalid: Record<string, Record<string, string>> = {
      getAnalyticsDashboard: { range: "forever" },
      exportAnalyticsTable: { table: "nothing" },
      getBookingCalendarFile: { date: "not-a-date" },
      viewSharedProposal: LONG_LANG,
      getSignedPdfByLink: LONG_LANG,
      getProposalPdfByLink: LONG_LANG,
      getProposalPdf: LONG_LANG,
      getSampleProposalPdf: LONG_LANG,
      listLeads: { won_period: "forever" },
      exportLeads: { unexpected: "1" },
      getPipeline: { won_period: "forever" },
      getBoard: { won_period: "forever" },
      listTasks: { unexpected: "1" },
      listOutbox: { status: "nothing" },
      getSalesReport: { range: "forever" },
      getForecast: { owner: "nobody" },
      listProposals: { status: "nothing" },
      listNotifications: { unread: "maybe" },
      listArticles: { status: "nothing" },
      listJobs: { status: "nothing" },
      listMeetingTypes: { lang: "fr" },
      listMeetingSlots: { tz: "Mars/Olympus" },
      listStaffMeetings: { host: "nobody" },
      getAvailability: { account: "nobody" },
      putAvailability: { account: "nobody" },
    };
    for (const [operationId, query] of Object.entries(invalid))
      await provoke(operationId, 400, { query });
  });

  it("a proposal e-mail asked for as a preview is 200 with the message, and nothing is queued", async () => {
    // The fixtures' lead was erased by eraseLead's example; a proposal of a lead of its own.
    const { id } = await makeSharedProposal();
    const queued = () => testDb().mailMessage.count({ where: { proposalId: id } });
    await provoke("sendProposalEmail", 200, {
      body: { proposal_id: id, to_email: "c@example.com", preview: true },
    });
    expect(await queued()).toBe(0);
  });

  it("an e-mail to a lead without an address is 409", async () => {
    const lead = await makeLead({ email: null });
    await provoke("sendLeadEmail", 409, { params: { id: lead.id } });
  });

  it("a link that names nothing is 404; a withdrawn proposal's link too", async () => {
    for (const operationId of [
      "viewSharedProposal",
      "signSharedProposal",
      "getProposalPdfByLink",
      "getSignedPdfByLink",
    ])
      await provoke(operationId, 404, { params: { token: OFF_SITE } });
    await provoke("sendProposalEmail", 404, {
      body: {
        proposal_id: "00000000-0000-4000-8000-000000000000",
        to_email: "c@example.com",
        subject: "Propuesta",
      },
    });
  });

  it("a change sent from another site is 403", async () => {
    for (const operationId of [
      "trackEvents",
      "signSharedProposal",
      "signIn",
      "lock",
      "setStaffPassword",
      "requestStaffPasswordReset",
    ])
      await provoke(operationId, 403, { isCrossSite: true });
  });

  it("an account that must still set up two-factor is 403 on every staff operation not open to it", async () => {
    const cookie = await staffCookie({ role: "sales" });
    const settings = await testDb().staffSettings.findUnique({ where: { id: 1 } });
    await testDb().staffSettings.upsert({
      where: { id: 1 },
      create: { id: 1, requireTwoFactor: true },
      update: { requireTwoFactor: true },
    });
    try {
      for (const contract of API_CONTRACTS)
        if (
          (contract.access === "staff" || contract.access === "sales") &&
          !contract.isOpenBeforeEnrolment
        )
          await provoke(contract.operationId, 403, { cookie });
    } finally {
      await testDb().staffSettings.update({
        where: { id: 1 },
        data: { requireTwoFactor: settings?.requireTwoFactor ?? false },
      });
    }
  });

  it("a body the handler reads itself is 413 past its limit and 415 when not JSON", async () => {
    for (const operationId of [
      "trackEvents",
      "verifySealedPdf",
      "createProposal",
      "updateProposal",
      "moveLead",
      "uploadContentImage",
    ]) {
      const contract = contractOf(operationId);
      await provoke(operationId, 415, { rawBody: "a=1", contentType: "text/html" });
      await provoke(operationId, 413, {
        rawBody: JSON.stringify({ pad: "x".repeat((contract.body!.maxBytes ?? 16_384) + 1) }),
        contentType: "application/json",
      });
    }
  });

  it("a move to Lost without a reason, with one not on the list, or a body for another stage is 400", async () => {
    await provoke("moveLead", 400, { rawBody: undefined, body: undefined });
    await provoke("moveLead", 400, { body: { reason: "astrology" } });
    await provoke("moveLead", 400, { body: { reason: "other" } });
    await provoke("moveLead", 400, { query: { stage: "Discovery" } });
  });

  it("a proposal link: signed twice is 409, expired is 410, erased is 410 everywhere", async () => {
    const signature = (version: number) => ({
      ...(exampleFor(contractOf("signSharedProposal"), ids).body as object),
      version,
    });
    // (The fixtures' lead was erased by eraseLead's valid example: their links answer 410 now.)
    const signed = await makeSharedProposal();
    await provoke("signSharedProposal", 201, {
      params: { token: signed.token },
      body: signature(signed.version),
    });
    await provoke("signSharedProposal", 409, {
      params: { token: signed.token },
      body: signature(signed.version),
    });
    await provoke("getSignedPdfByLink", 200, { params: { token: signed.token } });
    await provoke("getSignedPdf", 200, { params: { id: signed.id } });

    const expired = await makeSharedProposal({ expiresAt: new Date(Date.now() - 60_000) });
    await provoke("signSharedProposal", 410, {
      params: { token: expired.token },
      body: signature(expired.version),
    });

    // Erased: the client's data is gone, so every link answers 410 (the signed one's sealed PDF too).
    const erased = await makeSharedProposal({ erasedAt: new Date() });
    for (const operationId of ["viewSharedProposal", "getProposalPdfByLink"])
      await provoke(operationId, 410, { params: { token: erased.token } });
    await testDb().proposal.update({ where: { id: signed.id }, data: { erasedAt: new Date() } });
    await provoke("getSignedPdfByLink", 410, { params: { token: signed.token } });
    await provoke("getProposalPdf", 410, { params: { id: erased.id } });
  });

  it("a proposal that can no longer change, be shared, extended, withdrawn or sent is 409", async () => {
    // ids.proposal is signed; ids.spareProposal was withdrawn by withdrawProposal's valid example.
    await provoke("updateProposal", 409);
    await provoke("extendProposal", 409);
    await provoke("withdrawProposal", 409, { params: { id: ids.proposal } });
    await provoke("shareProposal", 409, { params: { id: ids.spareProposal } });
    await provoke("sendProposalEmail", 409, {
      body: { proposal_id: ids.spareProposal, to_email: "c@example.com", subject: "Propuesta" },
    });
    const shared = await makeSharedProposal();
    const lead = (await testDb().proposal.findUniqueOrThrow({ where: { id: shared.id } })).leadId!;
    await provoke("updateLead", 409, {
      params: { id: lead },
      body: { value: null },
    });
    // A second proposal for a lead that has an open one, without `another: true`.
    await provoke("createProposal", 409, { body: { data: proposalData(), lead_id: lead } });
  });

  it("a decision, retry or cancel of what is already settled is 409", async () => {
    const held = await testDb().heldLeadSubmission.create({
      data: {
        submissionId: randomUUID(),
        bodyHash: randomUUID(),
        email: "held@example.com",
        payload: {},
      },
    });
    await provoke("decideHeldSubmission", 200, { params: { id: held.id } });
    await provoke("decideHeldSubmission", 409, { params: { id: held.id } });

    const message = (status: string) =>
      testDb().mailMessage.create({
        data: { kind: "lead_alert", toAddress: "x@example.com", subject: "s", status },
      });
    const failed = await message("failed");
    // Its delivery job, failed too: a retry runs it again.
    await testDb().job.create({
      data: {
        kind: MAIL_JOB,
        key: `mail:${failed.id}`,
        status: "failed",
        payload: { messageId: failed.id },
      },
    });
    await provoke("retryOutboxMessage", 200, { params: { id: failed.id } });
    await provoke("cancelOutboxMessage", 200, { params: { id: failed.id } });
    await provoke("retryOutboxMessage", 409, { params: { id: failed.id } });
    await provoke("cancelOutboxMessage", 409, { params: { id: (await message("sent")).id } });
  });

  it("staff accounts and two-factor: a taken e-mail, no owner left, an enrolment not started, is 409", async () => {
    const invited = await provoke("inviteStaffAccount", 201, {
      body: { email: `invitee-${randomUUID().slice(0, 8)}@staff.test`, name: "I", role: "sales" },
    });
    await provoke("inviteStaffAccount", 409);
    // The invite's link sets a password once; its token is the link's last part.
    const token = new URL(invited.json.invite_url as string).searchParams.get("token")!;
    await provoke("setStaffPassword", 200, { body: { token, password: "a-new-password-1" } });

    // The last active owner cannot stop being one: the others step aside for the call.
    const owners = await testDb().staffAccount.findMany({
      where: { role: "owner", active: true },
      select: { id: true },
    });
    await testDb().staffAccount.updateMany({
      where: { id: { in: owners.map((row) => row.id) } },
      data: { active: false },
    });
    try {
      const only = await makeStaffAccount({ role: "owner" });
      await provoke("updateStaffAccount", 409, {
        params: { id: only.id },
        cookie: await signInCookie(only),
        body: { role: "sales" },
      });
    } finally {
      await testDb().staffAccount.updateMany({
        where: { id: { in: owners.map((row) => row.id) } },
        data: { active: true },
      });
    }

    await provoke("confirmTwoFactorEnrolment", 409, {
      cookie: await staffCookie(),
      body: { code: "123456" },
    });
    await provoke("updateStaffSettings", 409, { body: { require_two_factor: true } });

    // An owner enrolled in two-factor: sign-in without the code is 428, a second enrolment 409.
    const account = await makeStaffAccount({ role: "sales" });
    const cookie = await signInCookie(account);
    const { secret } = (await provoke("startTwoFactorEnrolment", 200, { cookie })).json as {
      secret: string;
    };
    await provoke("confirmTwoFactorEnrolment", 200, {
      cookie,
      body: { code: await generate({ secret }) },
    });
    await provoke("startTwoFactorEnrolment", 409, { cookie });
    await provoke("signIn", 428, { body: { email: account.email, password: account.password } });
    await provoke("signIn", 200, {
      body: { email: (await makeStaffAccount()).email, password: TEST_STAFF_PASSWORD },
    });
  });

  it("content: a slug or job address in use and a stale revision are 409; a real image upload is 201", async () => {
    const taken = await makeArticle();
    const slug = (
      await testDb().articleTranslation.findFirstOrThrow({ where: { articleId: taken.id } })
    ).slug;
    await provoke("createArticle", 409, { body: { translations: { es: { title: "T", slug } } } });
    await provoke("updateArticle", 409, {
      params: { id: taken.id },
      body: { revision: 999, translations: {} },
    });
    // A revision whose slug another article has taken since cannot be restored.
    const moved = await makeArticle();
    const oldSlug = (
      await testDb().articleTranslation.findFirstOrThrow({ where: { articleId: moved.id } })
    ).slug;
    await testDb().articleTranslation.updateMany({
      where: { articleId: moved.id },
      data: { slug: `${oldSlug}-nuevo` },
    });
    await makeArticle(oldSlug);
    await provoke("restoreArticleRevision", 409, { params: { id: moved.id, rev: "1" } });
    const { body, contentType } = multipartBody({ bytes: await pngOf(40, 20) });
    await provoke("uploadContentImage", 201, { rawBody: body, contentType });
    const job = await makeJobPosting();
    await provoke("createJob", 409, {
      body: { id: job.id, translations: { en: { title: "T", summary: "S" } } },
    });
    await provoke("updateJob", 409, { params: { id: job.id }, body: { revision: 999 } });
  });

  it("meetings: an unknown type is 404, a time just taken 409, a used link 410, a link never issued 404", async () => {
    const host = await makeStaffAccount({ role: "sales" });
    const slug = `contract-${randomUUID().slice(0, 8)}`;
    await testDb().meetingType.create({
      data: {
        slug,
        titleEs: "Prueba",
        titleEn: "Test",
        descriptionEs: "Prueba.",
        descriptionEn: "Test.",
        durationMinutes: 30,
        hostIds: [host.id],
      },
    });
    const free = await provoke("listMeetingSlots", 200, { query: { type: slug } });
    const [first, second, third] = free.json.slots as { start: string }[];
    const body = (start: string) => ({
      ...(exampleFor(contractOf("bookMeeting"), ids).body as object),
      type: slug,
      start,
    });
    const booked = await provoke("bookMeeting", 201, { body: body(first!.start) });
    await provoke("bookMeeting", 201, { body: body(second!.start) });
    await provoke("bookMeeting", 409, { body: body(first!.start) });
    await provoke("bookMeeting", 404, { body: { ...body(first!.start), type: "no-such-type" } });
    await provoke("listMeetingSlots", 404, { query: { type: "no-such-type" } });

    const token = (booked.json.manage_url as string).split("/meetings/")[1]!;
    await provoke("rescheduleMeetingByLink", 409, {
      params: { token },
      body: { start: second!.start },
    });
    const moved = await provoke("rescheduleMeetingByLink", 200, {
      params: { token },
      body: { start: third!.start },
    });
    await provoke("rescheduleMeetingByLink", 410, {
      params: { token },
      body: { start: first!.start },
    });
    const newToken = (moved.json.manage_url as string).split("/meetings/")[1]!;
    await provoke("cancelMeetingByLink", 200, { params: { token: newToken } });
    await provoke("cancelMeetingByLink", 410, { params: { token: newToken } });
  });

  it("staff meetings: an outcome too early is 409, a taken type slug 409, another's hours 403 or 404", async () => {
    const host = await makeStaffAccount({ role: "sales" });
    const type = await testDb().meetingType.findUniqueOrThrow({ where: { id: ids.meetingType } });
    const start = new Date(Date.now() + 3 * 86_400_000);
    const future = await testDb().meeting.create({
      data: {
        reference: `AV-${randomBytes(4).toString("hex").toUpperCase()}`,
        typeId: type.id,
        hostId: host.id,
        startsAt: start,
        endsAt: new Date(start.getTime() + 30 * 60_000),
        name: "Ana",
        email: "ana@example.com",
        lang: "es",
        timeZone: "Europe/Madrid",
      },
    });
    await provoke("setMeetingOutcome", 409, { params: { id: future.id } });
    // Its host leaves: an active colleague can take it.
    await testDb().staffAccount.update({ where: { id: host.id }, data: { active: false } });
    const colleague = await makeStaffAccount({ role: "sales" });
    await provoke("handOverMeeting", 200, {
      params: { id: future.id },
      body: { host_id: colleague.id },
    });
    const created = await provoke("createMeetingType", 201, {});
    await provoke("createMeetingType", 409, {
      body: {
        ...(exampleFor(contractOf("createMeetingType"), ids).body as object),
        slug: created.json.slug,
      },
    });
    await provoke("updateMeetingType", 409, {
      params: { id: ids.meetingType },
      body: { slug: created.json.slug },
    });
    const account = { account: host.id };
    await provoke("getAvailability", 403, { query: account, cookie: sales });
    await provoke("putAvailability", 403, { query: account, cookie: sales });
    await provoke("getAvailability", 404, { query: { account: randomUUID() } });
    await provoke("putAvailability", 404, { query: { account: randomUUID() } });
  });

  it("a budget spent is 429 with Retry-After", async () => {
    const lead = contractOf("submitLead").body!.example as object;
    await exhaust("submitLead", {}, 30, (attempt) => ({
      ...lead,
      email: `flood-${attempt}-${randomUUID().slice(0, 8)}@example.com`,
    }));
    await exhaust("trackEvents", {}, 200);
    await exhaust("bookMeeting", { body: { type: "no-such-type" } }, 30, () => ({
      ...(exampleFor(contractOf("bookMeeting"), ids).body as object),
      type: "no-such-type",
    }));
    await exhaust("verifySealedPdf", {}, 60);
    await exhaust("setStaffPassword", {}, 40);
    // The reset takes its budget only when e-mail is configured (else it answers at once that it is not):
    // configure it for this call on fresh modules (lib/env.ts reads the environment once per module).
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    vi.resetModules();
    try {
      await exhaust("requestStaffPasswordReset", {}, 20);
    } finally {
      delete process.env.SMTP_URL;
      vi.resetModules();
      // Nothing is to deliver the queued reset requests later.
      await testDb().job.updateMany({
        where: { kind: "staff.password_reset", status: "queued" },
        data: { status: "cancelled" },
      });
    }
    const account = await makeStaffAccount();
    await exhaust("signIn", { body: { email: account.email, password: "not-the-password" } }, 30);
    // Well-formed signatures naming an old version, until the link's budget is spent.
    const link = await makeSharedProposal();
    await exhaust(
      "signSharedProposal",
      {
        params: { token: link.token },
        body: {
          ...(exampleFor(contractOf("signSharedProposal"), ids).body as object),
          version: link.version + 1,
        },
      },
      40,
    );
  });

  it("with the database unreachable every operation that reads it is 503 with Retry-After", async () => {
    // lib/db.ts keeps its pool on globalThis and opens it on first use: swap in one to a port nothing
    // listens on (the discard port), as when the server is down, and put the real one back after.
    const globals = globalThis as unknown as { dbPool?: pg.Pool; prisma?: PrismaClient };
    const saved = { dbPool: globals.dbPool, prisma: globals.prisma };
    const deadPool = createPool("postgresql://postgres@127.0.0.1:9/postgres");
    globals.dbPool = deadPool;
    globals.prisma = createPrismaClient(deadPool);
    try {
      for (const contract of API_CONTRACTS) {
        if (contract.isDatabaseFree) continue;
        // The reset reads nothing until e-mail is configured: it is tried below, configured.
        if (contract.operationId === "requestStaffPasswordReset") continue;
        const result = await provoke(contract.operationId, 503, {
          cookie: cookieFor(contract),
        });
        expect(Number(result.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      process.env.SMTP_URL = "smtp://127.0.0.1:9";
      vi.resetModules();
      try {
        await provoke("requestStaffPasswordReset", 503);
      } finally {
        delete process.env.SMTP_URL;
        vi.resetModules();
      }
    } finally {
      await globals.prisma.$disconnect();
      await deadPool.end();
      Object.assign(globals, saved);
    }
  });
});

describe("every answer a contract declares is provoked", () => {
  it("each operation × status is answered by some call above, or excluded with a reason", () => {
    const declared = API_CONTRACTS.flatMap((contract) =>
      Object.keys(contract.responses).map((status) => pairOf(contract, Number(status))),
    );
    const missing = declared.filter((pair) => !provoked.has(pair) && !(pair in NOT_PROVOKED));
    expect(missing, "declared but never answered in this file").toEqual([]);
    const stale = Object.keys(NOT_PROVOKED).filter(
      (pair) => provoked.has(pair) || !declared.includes(pair),
    );
    expect(stale, "excluded but answered, or not declared").toEqual([]);
  });
});
