// The public endpoints strangers can call in bulk are answered by the front door with the routes' own
// handlers (docs/decisions/016-public-endpoints-fast-path.md): sign-in, password links, PDF verification
// and the client's signature; so are the staff reads a sales team calls all day (the lead list and the
// board). The same requests go to `npm start` and to Next.js's own `next start`, each on a database of
// its own: every answer (status, body, headers and which cookies are set) must be the same, refusals
// included.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { addStaffAccountIfMissing } from "@/scripts/db/staff-accounts";
import type { RunningApp } from "@/scripts/lib/app-process";
import { submitLead } from "@/lib/leads/leads.contract";
import { createPrismaClient } from "@/lib/prisma-client";
import {
  fastPathEnv,
  sendFor,
  startServerPair,
  type ServerPair,
} from "../../e2e/support/fast-path";

const BASE_PORT = Number(process.env.E2E_PORT || 3100) + 420;
const OWNER = { email: "fast-path-owner@example.com", password: "fast-path-owner-password" };
const DEACTIVATED = {
  email: "fast-path-former@example.com",
  password: "fast-path-former-password",
};
const env = (databaseUrl: string) =>
  fastPathEnv(databaseUrl, {
    STAFF_OWNER_EMAIL: OWNER.email,
    STAFF_OWNER_PASSWORD: OWNER.password,
    SESSION_SECRET: "public-fast-path-session-secret-000000000",
  });

/** Leads both databases hold to the millisecond (ids masked in the comparison); a page of them is kilobytes. */
const LEADS = [
  ...Array.from({ length: 20 }, (_, index) => ({
    name: `Fastpath Filler ${index + 1}`,
    email: `filler${index + 1}@fastpath.example`,
    company: "Relleno S.L.",
    stage: "Proposal" as const,
    source: "home_form",
    lang: index % 2 ? "en" : "es",
    createdAt: new Date(Date.UTC(2026, 8, 1 + index, 12)),
    updatedAt: new Date(Date.UTC(2026, 8, 1 + index, 12)),
  })),
  {
    name: "Fastpath Older",
    email: "older@fastpath.example",
    company: "Clínica Norte",
    stage: "Won" as const,
    source: "manual",
    lang: "es",
    createdAt: new Date("2026-10-01T09:00:00.000Z"),
    updatedAt: new Date("2026-10-02T09:00:00.000Z"),
  },
  {
    name: "Fastpath Newer",
    email: "newer@fastpath.example",
    company: "Logística Sur",
    stage: "Qualification" as const,
    source: "optin",
    lang: "en",
    createdAt: new Date("2026-11-01T09:00:00.000Z"),
    updatedAt: new Date("2026-11-01T09:00:00.000Z"),
  },
];

let lastAddress = 0;
/** A client address of its own for each case, the same for both servers. */
const address = () => `203.0.113.${++lastAddress}`;

type Build = (origin: string) => RequestInit;

function multipart(file: Buffer, boundary = "fast-path-boundary") {
  return {
    "content-type": `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** [path, case name, request]: in this order, so limits and lockouts build up alike on both servers. */
function cases(): [string, string, Build][] {
  const json =
    (body: unknown, extra: Record<string, string> = {}, raw?: string): Build =>
    (origin) => ({
      method: "POST",
      headers: { "content-type": "application/json", origin, ...extra },
      body: raw ?? JSON.stringify(body),
    });
  const upload = (file: Buffer): Build => {
    const { body, ...headers } = multipart(file);
    return () => ({ method: "POST", headers, body: new Uint8Array(body) });
  };
  const token = randomBytes(32).toString("base64url");
  const signature = `/api/ai/proposals/${token}/signature`;
  // One body for both servers: each has its own database, so the same submission id is new on each.
  const questionnaire = {
    ...submitLead.body.example,
    submission_id: `fast-path-${token.slice(0, 12)}`,
    lang: "es",
    elapsed_ms: 30_000,
  };
  return [
    // Through Next.js first (DELETE is not a fast route): its copy of the staff services starts
    // before the front door's does, as on a server where staff are already working.
    [
      "/api/crm/auth",
      "locking an unknown session: 200",
      (origin) => ({
        method: "DELETE",
        headers: { origin, cookie: "__Host-avanza_staff=unknown-session" },
      }),
    ],
    ["/api/crm/auth", "a wrong password: 401", json({ ...OWNER, password: "not the password" })],
    ["/api/crm/auth", "a deactivated account's right password: 401", json(DEACTIVATED)],
    [
      "/api/crm/auth",
      "an unknown e-mail: 401",
      json({ email: "nobody@example.com", password: "x" }),
    ],
    ["/api/crm/auth", "malformed JSON: 400", json(null, {}, "{not json")],
    ["/api/crm/auth", "an unknown field: 400", json({ ...OWNER, extra: 1 })],
    ["/api/crm/auth", "another site's page: 403", json(OWNER, { origin: "https://evil.example" })],
    [
      "/api/crm/auth",
      "in Spanish: 401 in Spanish",
      json(
        { ...OWNER, password: "no" },
        {
          "accept-language": "es-ES",
        },
      ),
    ],
    ["/api/crm/auth", "the right password: 200 with its cookies", json(OWNER)],
    ["/api/staff/password-reset", "a staff e-mail: 202", json({ email: OWNER.email })],
    ["/api/staff/password-reset", "an unknown e-mail: 202", json({ email: "nobody@example.com" })],
    ["/api/staff/password-reset", "not an e-mail: 400", json({ email: "not an e-mail" })],
    [
      "/api/staff/password",
      "a made-up link: 410",
      json({
        token: randomBytes(32).toString("base64url"),
        password: "a long enough new password 123",
      }),
    ],
    ["/api/staff/password", "a short password: 400", json({ token, password: "short" })],
    ["/api/proposals/verify", "an upload that is not a PDF: 400", upload(randomBytes(4096))],
    [
      "/api/proposals/verify",
      "a PDF we never sealed: 200, no match",
      upload(Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4096)])),
    ],
    [
      "/api/proposals/verify",
      "a hash we never sealed: 200, no match",
      json({ sha256: "a".repeat(64) }),
    ],
    ["/api/proposals/verify", "a malformed hash: 400", json({ sha256: "xyz" })],
    [
      "/api/proposals/verify",
      "a multipart body without a boundary: 400",
      () => ({ method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" }),
    ],
    ["/api/leads", "a whole questionnaire: 201", json(questionnaire)],
    ["/api/leads", "the same submission again: 201, the first id", json(questionnaire)],
    [
      "/api/leads",
      "a contact message without a submission id: 201",
      json({
        source: "home_form",
        lang: "es",
        name: "Lucía",
        email: "lucia.fast-path@example.com",
        message: "¿Podemos hablar?",
      }),
    ],
    ["/api/leads", "the honeypot filled: 201 as to a person", json({ ...questionnaire, fax: "1" })],
    ["/api/leads", "no e-mail: 400", json({ ...questionnaire, email: undefined })],
    ["/api/leads", "malformed JSON: 400", json(null, {}, "{")],
    [
      "/api/leads",
      "in English, a field too long: 400 in English",
      json({ ...questionnaire, lang: "en", name: "x".repeat(10_000) }, { "accept-language": "en" }),
    ],
    [signature, "an unknown link, no version read: 400", json({ full_name: "Ana" })],
    [signature, "malformed JSON: 400 or 404 as Next.js answers", json(null, {}, "{")],
    [
      "/api/ai/proposals/not-a-token/signature",
      "a malformed link: as Next.js answers",
      json({ full_name: "Ana" }),
    ],
  ];
}

test.describe("public endpoints in the front door", () => {
  let servers: ServerPair;
  let front: RunningApp;
  let nextAlone: ServerPair["nextAlone"];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    servers = await startServerPair(
      BASE_PORT,
      env,
      async (databaseUrl) => {
        // `npm start` creates the owner from STAFF_OWNER_*; plain `next start` does not.
        const prisma = createPrismaClient(databaseUrl);
        await addStaffAccountIfMissing(prisma, { ...OWNER, name: "Owner", role: "owner" });
        await addStaffAccountIfMissing(prisma, { ...DEACTIVATED, name: "Former", role: "sales" });
        // As the accounts page deactivates (lib/staff/account.service.ts).
        await prisma.staffAccount.update({
          where: { email: DEACTIVATED.email },
          data: { active: false, banned: true },
        });
        await prisma.$disconnect();
      },
      async (databaseUrl) => {
        // The same leads, to the millisecond, on both databases: the staff reads must list them alike.
        const prisma = createPrismaClient(databaseUrl);
        await prisma.lead.createMany({ data: LEADS });
        await prisma.$disconnect();
      },
    );
    ({ front, nextAlone } = servers);
  });

  test.afterAll(async () => {
    await servers?.stop();
  });

  test("answers every request exactly as the Next.js routes do", async () => {
    test.setTimeout(120_000);
    for (const [path, name, build] of cases()) {
      const client = address();
      const request = (base: string) => {
        const init = build(base);
        return { ...init, headers: { ...(init.headers as object), "x-forwarded-for": client } };
      };
      const fast = await sendFor(`${front.baseUrl}${path}`, request(front.baseUrl), {
        hideIds: true,
      });
      const routed = await sendFor(`${nextAlone.baseUrl}${path}`, request(nextAlone.baseUrl), {
        hideIds: true,
      });
      expect(fast, `${path}: ${name}`).toEqual(routed);
      // Alike is not enough: each case also gets the answer its name promises.
      const promised = /: (\d{3})\b/.exec(name);
      if (promised && !name.includes(" or "))
        expect(fast.status, `${path}: ${name}`).toBe(Number(promised[1]));
    }
  });

  test("answers the staff reads (lead list, board) exactly as the Next.js routes do", async () => {
    const signIn = async (base: string) => {
      const answer = await fetch(`${base}/api/crm/auth`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, "x-forwarded-for": address() },
        body: JSON.stringify(OWNER),
      });
      expect(answer.status).toBe(200);
      return answer.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
    };
    const cookies = { [front.baseUrl]: await signIn(front.baseUrl), [nextAlone.baseUrl]: "" };
    cookies[nextAlone.baseUrl] = await signIn(nextAlone.baseUrl);
    const reads: [string, string, Record<string, string>][] = [
      ["/api/crm/leads?q=fastpath", "a search: 200", {}],
      ["/api/crm/leads?q=fastpath&stage=Won", "a search in one stage: 200", {}],
      ["/api/crm/leads?sort=value&owner=none", "unassigned by value: 200", {}],
      ["/api/crm/leads?q=fastpath", "compressed: 200", { "accept-encoding": "br" }],
      ["/api/crm/leads?stage=Sideways", "an unknown stage: 400", {}],
      ["/api/crm/leads?colour=red", "an unknown parameter: 400", {}],
      ["/api/crm/leads?q=fastpath", "in Spanish: 200", { "accept-language": "es-ES" }],
      ["/api/crm/leads?stage=Sideways", "in Spanish: 400 in Spanish", { "accept-language": "es" }],
      ["/api/crm/board", "the board: 200", {}],
      ["/api/crm/board?won_period=forever", "an unknown won period: 400", {}],
    ];
    for (const [path, name, headers] of reads) {
      const request = (base: string) => ({ headers: { cookie: cookies[base]!, ...headers } });
      const fast = await sendFor(`${front.baseUrl}${path}`, request(front.baseUrl), {
        hideIds: true,
      });
      const routed = await sendFor(`${nextAlone.baseUrl}${path}`, request(nextAlone.baseUrl), {
        hideIds: true,
      });
      expect(fast, `${path}: ${name}`).toEqual(routed);
      expect(fast.status, `${path}: ${name}`).toBe(Number(/(\d{3})/.exec(name)![1]));
    }
    const signedOut = [
      ["/api/crm/leads", {}],
      ["/api/crm/leads", { cookie: "__Host-avanza_staff=unknown-session" }],
      ["/api/crm/board", { "accept-language": "es" }],
    ] as const;
    for (const [path, headers] of signedOut) {
      const fast = await sendFor(`${front.baseUrl}${path}`, { headers });
      expect(fast, `${path} signed out`).toEqual(
        await sendFor(`${nextAlone.baseUrl}${path}`, { headers }),
      );
      expect(fast.status).toBe(401);
    }
    // The page of leads is what a signed-in owner sees: every fixed lead, newest first, compressed.
    const listed = await fetch(`${front.baseUrl}/api/crm/leads?q=fastpath`, {
      headers: { cookie: cookies[front.baseUrl]!, "accept-encoding": "br" },
    });
    expect(listed.headers.get("content-encoding")).toBe("br");
    const { leads } = (await listed.json()) as { leads: { name: string }[] };
    expect(leads.map((lead) => lead.name)).toEqual(LEADS.map((lead) => lead.name).reverse());
  });

  test("sets each cookie on its own header line", async () => {
    const signIn = await fetch(`${front.baseUrl}/api/crm/auth`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: front.baseUrl,
        "x-forwarded-for": address(),
      },
      body: JSON.stringify(OWNER),
    });
    expect(signIn.status).toBe(200);
    const cookies = signIn.headers.getSetCookie();
    // The session and the device cookie that keeps this browser from being locked out by strangers.
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of cookies) expect(cookie).toMatch(/^[\w-]+=[^;,]+;.*HttpOnly/i);
  });
});
