// Every route under app/api, found by walking the folder (a new route cannot be left out), gets the
// same hostile inputs; every answer must be a 4xx in our error shape and leave no row behind.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeLead, makeTask, testDb } from "../../support/factories";
import { callRoute, type CallOptions } from "../../support/http";
import { signaturePng } from "../../support/signature-png";
import { BROWSER_UA, makeEvent } from "../../support/analytics";
import { makeStaffAccount, staffCookie, uniqueAddress } from "../../support/staff";
import { proposalData } from "../../support/proposals";

const API_DIR = path.join(process.cwd(), "app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = Parameters<typeof callRoute>[0];

function listRouteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return listRouteFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/** "/api/crm/leads/[id]" for app/api/crm/leads/[id]/route.ts. */
const routePathOf = (file: string) =>
  `/api/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`;

const ROUTES = listRouteFiles(API_DIR).map((file) => ({ file, pattern: routePathOf(file) }));

/** A valid request for each route and method that takes input; the hostile cases are variations of it. */
interface Example {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}
let ids: Record<string, string> = {};
const EXAMPLES: Record<string, Partial<Record<Method, () => Example>>> = {
  "/api/leads": {
    POST: () => ({
      body: {
        source: "home_form",
        lang: "es",
        name: "Lucía",
        email: "lucia@example.com",
        company: "Clínica Norte",
        message: "Queremos una recepcionista de IA.",
      },
    }),
  },
  "/api/crm/auth": {
    POST: () => ({
      body: { email: "nobody@staff.test", password: "not-the-password", code: "123456" },
    }),
  },
  "/api/staff/accounts": {
    POST: () => ({ body: { email: "invitee@staff.test", name: "Invitee", role: "sales" } }),
  },
  "/api/staff/accounts/[id]": { PATCH: () => ({ body: { role: "manager" } }) },
  "/api/staff/password": {
    POST: () => ({ body: { token: "x".repeat(43), password: "a-new-password" } }),
  },
  "/api/staff/password-reset": { POST: () => ({ body: { email: "someone@staff.test" } }) },
  "/api/staff/two-factor": { PUT: () => ({ body: { code: "123456" } }) },
  "/api/staff/settings": { PUT: () => ({ body: { require_two_factor: true } }) },
  "/api/crm/leads": {
    GET: () => ({ query: { stage: "Won", q: "lucia", sort: "value", won_period: "30d" } }),
    POST: () => ({ body: { name: "Nuevo", email: "nuevo@example.com", company: "ACME" } }),
  },
  "/api/crm/leads/[id]": { PATCH: () => ({ body: { owner_id: ids.lead! } }) },
  "/api/crm/leads/export.csv": { GET: () => ({ query: { stage: "Qualification", q: "ana" } }) },
  "/api/crm/leads/[id]/activities": { POST: () => ({ body: { type: "note", content: "Llamar" } }) },
  "/api/crm/leads/[id]/move": { POST: () => ({ query: { stage: "Discovery" } }) },
  "/api/crm/pipeline": { GET: () => ({ query: { won_period: "90d" } }) },
  "/api/crm/board": { GET: () => ({ query: { won_period: "90d" } }) },
  "/api/crm/settings": {
    PATCH: () => ({
      body: { stage_age_days: { Qualification: 7, Discovery: 7, Proposal: 14, Negotiation: 14 } },
    }),
  },
  "/api/crm/tasks": { POST: () => ({ body: { title: "Llamar", lead_id: ids.lead! } }) },
  "/api/crm/review/[id]": { PATCH: () => ({ body: { decision: "discard" } }) },
  "/api/crm/tasks/[id]": {
    PATCH: () => ({ body: { status: "done", assignee_id: ids.account!, due_date: "2026-12-31" } }),
  },
  "/api/crm/proposals": { POST: () => ({ body: { data: proposalData() } }) },
  "/api/crm/proposals/[id]": { PATCH: () => ({ body: { data: proposalData() } }) },
  "/api/crm/send-email": {
    POST: () => ({
      body: { proposal_id: ids.proposal!, to_email: "c@example.com", subject: "Propuesta" },
    }),
  },
  "/api/ai/proposals/[token]/signature": {
    POST: () => ({
      body: {
        full_name: "Ana Pérez",
        role: "Directora",
        company: "Autos Caribe",
        date: "2026-11-22",
        image: signaturePng(),
        version: 1,
      },
    }),
  },
  "/api/crm/proposals/[id]/extend": { POST: () => ({ body: { days: 30 } }) },
  "/api/crm/proposals/[id]/reminders": { PUT: () => ({ body: { enabled: false } }) },
  "/api/staff/outbox": { GET: () => ({ query: { status: "failed" } }) },
  "/api/proposals/verify": { POST: () => ({ body: { sha256: "a".repeat(64) } }) },
  "/api/analytics/event": { POST: () => ({ body: makeEvent() }) },
  "/api/analytics": { GET: () => ({ query: { range: "last7days" } }) },
  "/api/analytics/export": { GET: () => ({ query: { range: "last7days", table: "funnel" } }) },
  "/api/booking/ics": {
    GET: () => ({
      query: { date: "2026-12-01", time: "10:00", service: "Demo", id: "AV-123456", lang: "en" },
    }),
  },
};

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
function casesFor(method: Method, example: Example | undefined): Case[] {
  const cases: Case[] = [];
  const query = example?.query ?? {};
  if (method === "GET" || !example?.body) {
    // Inputs travel in the query string (no lone surrogate: a URL cannot carry one).
    cases.push({ name: "extra query parameter", options: { query: { ...query, extra: "1" } } });
    const keys = Object.keys(query).length > 0 ? Object.keys(query) : ["q"];
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
      for (const [kind, make] of Object.entries(HOSTILE_TEXT))
        cases.push({
          name: `${kind} in ${leaf.join(".")}`,
          options: { query, body: withLeaf(body, leaf, make(original)) },
        });
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
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const rows = await testDb().$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM ${table}`,
    );
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

let cookie: string;
beforeAll(async () => {
  cookie = await staffCookie({ name: "Marta" });
  const account = await makeStaffAccount({ role: "sales" });
  const lead = await makeLead();
  const task = await makeTask(lead.id);
  const proposal = await testDb().proposal.create({
    data: {
      token: `tok_${lead.id.replaceAll("-", "")}`,
      data: proposalData(),
      status: "shared",
      sentAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  ids = {
    lead: lead.id,
    task: task.id,
    proposal: proposal.id,
    token: proposal.token,
    account: account.id,
  };
});

function concretePath(pattern: string): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const concrete = pattern.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value =
      name === "token"
        ? ids.token!
        : pattern.includes("/tasks/")
          ? ids.task!
          : pattern.includes("/accounts/")
            ? ids.account!
            : pattern.includes("/proposals/")
              ? ids.proposal!
              : ids.lead!;
    params[name] = value;
    return value;
  });
  return { path: concrete, params };
}

describe("every API route answers hostile input with a 4xx in our shape and stores nothing", () => {
  it("finds the routes by walking app/api", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(19);
    expect(ROUTES.map((route) => route.pattern)).toContain("/api/leads");
  });

  for (const { file, pattern } of ROUTES) {
    it(`${pattern}`, async () => {
      const routeModule = (await import(file)) as Partial<Record<Method, Handler>>;
      for (const method of METHODS) {
        const handler = routeModule[method];
        expect(handler, `${pattern} must export ${method} (405 through methods())`).toBeTypeOf(
          "function",
        );
      }
      for (const method of METHODS) {
        const example = EXAMPLES[pattern]?.[method]?.();
        const before = await rowCounts();
        for (const testCase of casesFor(method, example)) {
          const { path: basePath, params } = concretePath(pattern);
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
