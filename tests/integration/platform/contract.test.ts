// Generated from the endpoint contracts: every operation is called with a valid example and with each
// error case the front door can be made to answer (401, 403, 404, 400, 413, 415, 405), against
// PostgreSQL; every answer's status must be one the document lists for it, its body must match that
// status's schema, and its media type and documented headers must be there. A route answering anything
// the document does not say fails here.
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { CONTRACT_METHODS, type Contract } from "@/lib/http/contract";
import {
  API_CONTRACTS,
  contractsByPath,
  exampleFor,
  handlerOf,
  makeFixtures,
  routeFileOf,
  urlOf,
  type ExampleRequest,
  type Fixtures,
} from "../../support/contracts";
import { BROWSER_UA } from "../../support/analytics";
import { testDb } from "../../support/factories";
import { callRoute, type CallResult } from "../../support/http";
import { staffCookie, uniqueAddress } from "../../support/staff";

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
};

/** Operations that change what later ones read run after them, in this order. */
const RUN_LAST = [
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
  rawBody?: string;
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
