// Every route under app/api, as its contracts declare it (a route file without a contract fails the
// first test), gets the same hostile inputs; every answer must be a 4xx in our error shape and leave no
// row behind.
import { beforeAll, describe, expect, it } from "vitest";
import type { ContractMethod } from "@/lib/http/contract";
import { testDb } from "../../support/factories";
import { callRoute, type CallOptions } from "../../support/http";
import { BROWSER_UA } from "../../support/analytics";
import {
  contractsByPath,
  exampleFor,
  makeFixtures,
  routeFileOf,
  routeFilePaths,
  type Fixtures,
} from "../../support/contracts";
import { staffCookie, uniqueAddress } from "../../support/staff";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = Parameters<typeof callRoute>[0];

const ROUTES = [...contractsByPath()].map(([pattern, contracts]) => ({
  pattern,
  file: routeFileOf({ path: pattern }),
  contracts,
}));

/** A valid request for each route and method that takes input; the hostile cases are variations of it. */
interface Example {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}
let ids: Fixtures;

/**
 * The client link reads `?lang=` leniently (anything else falls back to the visitor's language) and
 * ignores other parameters, as links pasted with tracking parameters still open.
 */
const LENIENT_QUERY = new Set([
  "/api/ai/proposals/{token}",
  "/api/ai/proposals/{token}/signed.pdf",
]);

/** Each string leaf of a body, by its path. */
function stringLeaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...at, i]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => stringLeaves(child, [...at, key]));
  return [];
}
function withLeaf(body: unknown, at: (string | number)[], leaf: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1)!] = leaf;
  return copy;
}

const HOSTILE_TEXT: Record<string, (value: string) => string> = {
  NUL: (value) => `${value}\u0000x`,
  "lone surrogate": (value) => `${value}\ud800`,
  "RTL override": (value) => `\u202e${value}`,
  "10,000 characters": () => "x".repeat(10_000),
};

/** Text that is long by nature, where 10,000 characters are a valid value: an article's body (up to 100,000). */
const LONG_TEXT_LEAVES = new Set(["translations.es.body"]);

interface CaseOptions extends Partial<CallOptions> {
  query?: Record<string, string>;
  /** Send rawBody as application/json. */
  json?: boolean;
  contentType?: string;
}
interface Case {
  name: string;
  options: CaseOptions;
}

function nested(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

/** Every hostile request for one route and method. */
function casesFor(
  method: Method,
  example: Example | undefined,
  refusesUnknownQuery: boolean,
): Case[] {
  const cases: Case[] = [];
  const query = example?.query ?? {};
  if (method === "GET" || !example?.body) {
    // Inputs travel in the query string (no lone surrogate: a URL cannot carry one).
    if (refusesUnknownQuery)
      cases.push({ name: "extra query parameter", options: { query: { ...query, extra: "1" } } });
    const keys =
      Object.keys(query).length > 0 ? Object.keys(query) : refusesUnknownQuery ? ["q"] : ["lang"];
    for (const key of keys)
      for (const [kind, make] of Object.entries(HOSTILE_TEXT)) {
        if (kind === "lone surrogate") continue;
        cases.push({
          name: `${kind} in ?${key}`,
          options: { query: { ...query, [key]: make(query[key] ?? "a") } },
        });
      }
    if (method !== "GET") {
      cases.push({ name: "an unexpected body", options: { query, rawBody: "{}", json: true } });
    }
  } else {
    const body = example.body;
    cases.push(
      { name: "no body", options: { query } },
      { name: "malformed JSON", options: { query, rawBody: '{"a": ', json: true } },
      {
        name: "wrong content type",
        options: {
          query,
          rawBody: JSON.stringify(body),
          contentType: "application/x-www-form-urlencoded",
        },
      },
      {
        name: "1 MB body",
        options: {
          query,
          rawBody: JSON.stringify({ ...body, pad: "x".repeat(1 << 20) }),
          json: true,
        },
      },
      {
        name: "10 MB body",
        options: {
          query,
          rawBody: JSON.stringify({ ...body, pad: "x".repeat(10 << 20) }),
          json: true,
        },
      },
      {
        name: "nesting 1,000 deep",
        options: { query, rawBody: `{"a":${nested(1000)}}`, json: true },
      },
      { name: "extra field", options: { query, body: { ...body, unexpected_field: "x" } } },
      { name: "wrong type (array body)", options: { query, body: [body] } },
    );
    for (const leaf of stringLeaves(body)) {
      const original = leaf.reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)[key],
        body,
      ) as string;
      for (const [kind, make] of Object.entries(HOSTILE_TEXT)) {
        if (kind === "10,000 characters" && LONG_TEXT_LEAVES.has(leaf.join("."))) continue;
        cases.push({
          name: `${kind} in ${leaf.join(".")}`,
          options: { query, body: withLeaf(body, leaf, make(original)) },
        });
      }
      cases.push({
        name: `wrong type in ${leaf.join(".")}`,
        options: { query, body: withLeaf(body, leaf, { not: "text" }) },
      });
    }
  }
  return cases;
}

const TABLES = [
  "leads",
  "activities",
  "tasks",
  "lead_submissions",
  "held_lead_submissions",
  "spam_submissions",
  "proposals",
  "proposal_signatures",
  "proposal_events",
  "mail_messages",
  "jobs",
  "analytics_events",
  "staff_sessions",
  "staff_accounts",
  "staff_tokens",
  "staff_audit_events",
  "staff_settings",
];
// One round trip for every table: the counts are taken before and after each method of each route.
const ROW_COUNTS = `SELECT ${TABLES.map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`).join(", ")}`;
async function rowCounts(): Promise<Record<string, number>> {
  const [row] = await testDb().$queryRawUnsafe<Record<string, bigint>[]>(ROW_COUNTS);
  return Object.fromEntries(TABLES.map((table) => [table, Number(row![table])]));
}

let cookie: string;
beforeAll(async () => {
  cookie = await staffCookie({ name: "Marta" });
  ids = await makeFixtures();
});

describe("every API route answers hostile input with a 4xx in our shape and stores nothing", () => {
  it("has a contract for every route file under app/api, and a route file for every contract", () => {
    expect(ROUTES.map((route) => route.pattern).sort()).toEqual(routeFilePaths().sort());
  });

  for (const { file, pattern, contracts } of ROUTES) {
    it(`${pattern}`, async () => {
      const routeModule = (await import(file)) as Partial<Record<Method, Handler>>;
      for (const method of METHODS) {
        const handler = routeModule[method];
        expect(handler, `${pattern} must export ${method} (405 through methods())`).toBeTypeOf(
          "function",
        );
      }
      for (const method of METHODS) {
        const contract = contracts.find((c) => c.method === (method as ContractMethod));
        const request = contract && exampleFor(contract, ids);
        const example: Example | undefined = request && {
          query: request.query,
          body: request.body as Record<string, unknown> | undefined,
        };
        const before = await rowCounts();
        for (const testCase of casesFor(method, example, !LENIENT_QUERY.has(pattern))) {
          const params = request?.params ?? exampleFor(contracts[0]!, ids).params;
          const basePath = pattern.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
          const { query, rawBody, json, contentType, ...rest } = testCase.options;
          const search =
            query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : "";
          const headers: Record<string, string> = {
            "x-forwarded-for": uniqueAddress(),
            // A browser's agent: the tracker endpoint quietly drops bots' events with a 202.
            "user-agent": BROWSER_UA,
          };
          if (json) headers["content-type"] = "application/json";
          if (contentType) headers["content-type"] = contentType;
          const result = await callRoute(routeModule[method]!, {
            method,
            path: `${basePath}${search}`,
            params,
            cookie,
            headers,
            ...(rawBody !== undefined ? { rawBody } : {}),
            ...rest,
          });
          const label = `${method} ${pattern}: ${testCase.name} → ${result.status} ${result.text.slice(0, 200)}`;
          expect(result.status, label).toBeGreaterThanOrEqual(400);
          expect(result.status, label).toBeLessThan(500);
          expect(result.json?.error?.code, label).toEqual(expect.any(String));
          expect(result.json?.error?.message, label).toEqual(expect.any(String));
          expect(result.headers.get("content-type"), label).toMatch(/application\/json/);
          expect(result.headers.get("cache-control"), label).toMatch(/no-store/);
          if (
            pattern.startsWith("/api/crm/") ||
            pattern === "/api/analytics" ||
            pattern === "/api/analytics/export"
          )
            expect(result.headers.get("vary"), label).toMatch(/Cookie/);
        }
        expect(await rowCounts(), `${method} ${pattern} left rows behind`).toEqual(before);
      }
    }, 120_000);
  }
});
