// Two production instances on one PostgreSQL behind a real HAProxy (TRUSTED_PROXY_HOPS=1): what holds
// on one instance must hold across both. Uses the production build the e2e run makes.
import { randomUUID } from "node:crypto";
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from "@playwright/test";
import { startCluster, type Cluster } from "@/scripts/cluster";
import { applyMigrations } from "@/scripts/db/migrations";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";
import type { FreshDatabase } from "../../support/database";
import { createServerDatabase } from "../../support/private-postgres";
import { proposalData } from "../../support/proposals";
import { signaturePng } from "../../support/signature-png";

const OWNER = { email: "cluster-owner@example.com", password: "cluster-staff-password" };
// Ports of this suite: the balancer and its two instances (E2E_PORT + 400…402 keeps parallel runs apart).
const BASE = Number(process.env.E2E_PORT || 3100) + 400;

let database: FreshDatabase;
let cluster: Cluster;
let prisma: PrismaClient;
let api: APIRequestContext;

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Two instances and this test each hold connections: that needs a real server (see private-postgres).
  database = await createServerDatabase();
  await applyMigrations(database.url, { log: () => {} });
  prisma = createPrismaClient(database.url);
  cluster = await startCluster({
    databaseUrl: database.url,
    port: BASE,
    appPorts: [BASE + 1, BASE + 2],
    env: {
      STAFF_OWNER_EMAIL: OWNER.email,
      STAFF_OWNER_PASSWORD: OWNER.password,
      SESSION_SECRET: "cluster-session-secret-that-is-long-enough-0",
    },
    log: () => {},
  });
  api = await playwrightRequest.newContext({ baseURL: cluster.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await cluster?.stop();
  await prisma?.$disconnect();
  await database?.dispose();
});

const sameOrigin = () => ({ origin: cluster.url, "sec-fetch-site": "same-origin" });

async function unlock(
  context: APIRequestContext,
  account: { email: string; password: string } = OWNER,
) {
  return context.post("/api/crm/auth", {
    data: { email: account.email, password: account.password },
    headers: sameOrigin(),
  });
}

/** The owner invites a sales user and the invite link sets their password (both through the API). */
async function inviteSalesUser() {
  const owner = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(owner)).status()).toBe(200);
  const email = `sales.${randomUUID().slice(0, 8)}@example.com`;
  const invited = await owner.post("/api/staff/accounts", {
    headers: sameOrigin(),
    data: { email, name: "Cluster Sales", role: "sales" },
  });
  expect(invited.status()).toBe(201);
  const { account, invite_url } = await invited.json();
  const token = new URL(invite_url).searchParams.get("token");
  const password = "cluster-sales-password";
  const set = await owner.post("/api/staff/password", {
    headers: sameOrigin(),
    data: { token, password },
  });
  expect(set.status()).toBe(200);
  return { owner, id: account.id as string, email, password };
}

const contact = (overrides: Record<string, unknown> = {}) => ({
  source: "home_form",
  lang: "en",
  name: "Sam",
  email: `sam.${randomUUID().slice(0, 8)}@example.com`,
  message: "Hello",
  ...overrides,
});

test("a session opened on one instance works on both, and locking revokes it on both", async () => {
  const staff = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(staff)).status()).toBe(200);
  // Round robin: consecutive requests alternate between the two instances.
  for (let i = 0; i < 4; i++) expect((await staff.get("/api/crm/pipeline")).status()).toBe(200);
  expect((await staff.delete("/api/crm/auth", { headers: sameOrigin() })).status()).toBe(200);
  for (let i = 0; i < 4; i++) expect((await staff.get("/api/crm/pipeline")).status()).toBe(401);
  await staff.dispose();
});

test("deactivating an account on one instance ends its sessions on both at once", async () => {
  const sales = await inviteSalesUser();
  const tab = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(tab, sales)).status()).toBe(200);
  for (let i = 0; i < 4; i++) expect((await tab.get("/api/crm/pipeline")).status()).toBe(200);
  const deactivated = await sales.owner.patch(`/api/staff/accounts/${sales.id}`, {
    headers: sameOrigin(),
    data: { active: false },
  });
  expect(deactivated.status()).toBe(200);
  // Round robin: the next requests land on both instances; neither keeps the session alive.
  for (let i = 0; i < 4; i++) expect((await tab.get("/api/crm/pipeline")).status()).toBe(401);
  expect((await unlock(tab, sales)).status()).toBe(401);
  await tab.dispose();
  await sales.owner.dispose();
});

test("an account's failures count on both instances, whatever X-Forwarded-For says", async () => {
  const sales = await inviteSalesUser();
  await sales.owner.dispose();
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const response = await api.post("/api/crm/auth", {
      data: { email: sales.email, password: "wrong-password" },
      headers: { ...sameOrigin(), "x-forwarded-for": `203.0.113.${i}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.slice(5)).toEqual([429, 429]);
  // The delay holds for the right password too, and the address counted is the one HAProxy saw.
  expect((await unlock(api, sales)).status()).toBe(429);
  const keys = await prisma.rateLimitCounter.findMany({
    where: { bucket: "staff_sign_in_address" },
    select: { key: true },
  });
  expect(new Set(keys.map((k) => k.key))).toEqual(new Set(["127.0.0.1"]));
});

test("retries of one lead split across instances store it once", async () => {
  const body = { ...contact(), submission_id: `sub-${randomUUID()}` };
  const responses = await Promise.all(
    Array.from({ length: 6 }, () => api.post("/api/leads", { data: body })),
  );
  const ids = await Promise.all(responses.map(async (r) => (await r.json()).id as string));
  expect(responses.map((r) => r.status())).toEqual(Array(6).fill(201));
  expect(new Set(ids).size).toBe(1);
  expect(await prisma.leadSubmission.count({ where: { submissionId: body.submission_id } })).toBe(
    1,
  );

  // Without an id, the identical body is the same submission too.
  const plain = contact();
  const again = await Promise.all(
    Array.from({ length: 4 }, () => api.post("/api/leads", { data: plain })),
  );
  expect(new Set(await Promise.all(again.map(async (r) => (await r.json()).id))).size).toBe(1);
  expect(await prisma.lead.count({ where: { email: plain.email } })).toBe(1);
});

test("the per-address lead limit cannot be dodged by rotating X-Forwarded-For", async () => {
  await prisma.rateLimitCounter.deleteMany({ where: { bucket: "lead_submission" } });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const response = await api.post("/api/leads", {
      data: contact(),
      headers: { "x-forwarded-for": `198.51.100.${i}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.filter((s) => s === 201)).toHaveLength(10);
  expect(statuses.slice(10)).toEqual([429, 429]);
  const keys = await prisma.rateLimitCounter.findMany({
    where: { bucket: "lead_submission", key: { not: "*" } },
    select: { key: true },
  });
  expect(new Set(keys.map((k) => k.key))).toEqual(new Set(["127.0.0.1"]));
});

test("two instances racing to sign one proposal produce exactly one signature", async () => {
  const staff = await playwrightRequest.newContext({ baseURL: cluster.url });
  await prisma.rateLimitCounter.deleteMany({ where: { bucket: "staff_sign_in_address" } });
  expect((await unlock(staff)).status()).toBe(200);
  const created = await staff.post("/api/crm/proposals", {
    headers: sameOrigin(),
    data: { data: proposalData({ lang: "en" }) },
  });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  await prisma.proposal.update({
    where: { id },
    data: { status: "shared", sentAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) },
  });
  const attempts = await Promise.all(
    Array.from({ length: 6 }, () =>
      api.post(`/api/ai/proposals/${token}/signature`, {
        headers: sameOrigin(),
        data: {
          full_name: "Ana Pérez",
          role: "CEO",
          company: "ACME",
          date: "2026-11-23",
          image: signaturePng(),
          version: 1,
        },
      }),
    ),
  );
  const statuses = attempts.map((a) => a.status()).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
  expect(await prisma.proposalSignature.count({ where: { proposalId: id } })).toBe(1);
  await staff.dispose();
});

test("strangers' failures through the balancer do not keep a known browser out on either instance", async () => {
  const sales = await inviteSalesUser();
  await sales.owner.dispose();
  const laptop = await playwrightRequest.newContext({ baseURL: cluster.url });
  expect((await unlock(laptop, sales)).status()).toBe(200);

  // Strangers lock the account (the growing delay skipped by editing the row, as a patient attacker
  // would wait it out), then spend what is left of the address HAProxy sees for everyone here.
  for (let i = 0; i < 10; i++) {
    await prisma.staffAccount.update({
      where: { id: sales.id },
      data: { lastFailedAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    const guess = await api.post("/api/crm/auth", {
      data: { email: sales.email, password: "wrong-password" },
      headers: sameOrigin(),
    });
    expect(guess.status()).toBe(401);
  }
  for (let i = 0; i < 20; i++)
    await api.post("/api/crm/auth", {
      data: { email: `nobody-${i}@example.com`, password: "wrong-password" },
      headers: sameOrigin(),
    });
  expect((await unlock(api, sales)).status()).toBe(429);

  // The laptop signs in on both instances (round robin), again and again.
  for (let i = 0; i < 4; i++) expect((await unlock(laptop, sales)).status()).toBe(200);
  expect((await unlock(api, sales)).status()).toBe(429);
  await laptop.dispose();
});
