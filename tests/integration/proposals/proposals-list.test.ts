// GET /api/crm/proposals: the proposals list page's filters (status as shown, author, lead, search), cursor
// paging, each row's lead, author and value, the owner's "own" visibility for sales, and bad parameters.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as listProposals, POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import type { ProposalListItemDto, ProposalPageDto } from "@/lib/proposals/proposal.schema";
import { makeLead, testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { proposalData } from "../../support/proposals";
import { makeStaffAccount, signInCookie, type TestAccount } from "../../support/staff";

let marta: TestAccount;
let bruno: TestAccount;
let seller: TestAccount;
let martaCookie: string;
let brunoCookie: string;
let sellerCookie: string;

beforeAll(async () => {
  marta = await makeStaffAccount({ role: "manager", name: "Marta Lista" });
  bruno = await makeStaffAccount({ role: "sales", name: "Bruno Lista" });
  seller = await makeStaffAccount({ role: "sales", name: "Sara Lista" });
  [martaCookie, brunoCookie, sellerCookie] = await Promise.all([
    signInCookie(marta),
    signInCookie(bruno),
    signInCookie(seller),
  ]);
});

beforeEach(async () => {
  await testDb().staffSettings.deleteMany({});
});

afterAll(async () => {
  await testDb().staffSettings.deleteMany({});
});

const list = (query: string, cookie?: string) =>
  callRoute<ProposalPageDto>(listProposals, { path: `/api/crm/proposals${query}`, cookie });

async function store(cookie: string, title: string, leadId?: string) {
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    cookie,
    body: { data: proposalData({ title }), ...(leadId ? { lead_id: leadId } : {}) },
  });
  expect(created.status, created.text).toBe(201);
  return created.json.id as string;
}

async function share(cookie: string, id: string) {
  const shared = await callRoute(shareProposal, {
    method: "POST",
    path: `/api/crm/proposals/${id}/share`,
    params: { id },
    cookie,
  });
  expect(shared.status, shared.text).toBe(200);
}

const idsOf = (page: ProposalPageDto) => page.data.map((row) => row.id);

describe("GET /api/crm/proposals", () => {
  it("answers 401 without a session", async () => {
    expect((await list("")).status).toBe(401);
  });

  it("answers 400 for a bad status, author, lead id or cursor, and for an unknown parameter", async () => {
    for (const query of [
      "?status=open",
      "?author=someone",
      "?lead_id=42",
      "?cursor=bm90LWEtY3Vyc29y",
      "?sort=value",
    ]) {
      const answer = await list(query, martaCookie);
      expect(answer.status, query).toBe(400);
      expect((answer.json as unknown as { error: { code: string } }).error.code, query).toBe(
        "validation",
      );
    }
  });

  it("lists each proposal with its lead, author, value and dates, and filters by status, author, lead and search", async () => {
    const tag = `lst${randomUUID().slice(0, 8)}`;
    const lead = await makeLead({ name: `Clínica ${tag}` });
    const draft = await store(martaCookie, `${tag} borrador`, lead.id);
    const shared = await store(martaCookie, `${tag} compartida`);
    const other = await store(brunoCookie, `${tag} de Bruno`);
    await share(martaCookie, shared);

    const all = await list(`?q=${tag}`, martaCookie);
    expect(all.status, all.text).toBe(200);
    expect(idsOf(all.json)).toEqual([other, shared, draft]); // newest first
    expect(all.json.next_cursor).toBeNull();
    const row = all.json.data.find((item) => item.id === draft)!;
    expect(row).toMatchObject({
      title: `${tag} borrador`,
      status: "draft",
      lead: { id: lead.id, name: `Clínica ${tag}` },
      author: { id: marta.id, name: "Marta Lista" },
      value: { currency: "USD", initial: 24000, monthly: 2500 },
      shared_at: null,
      expires_at: null,
      signed_at: null,
    });
    expect(typeof row.updated_at).toBe("string");
    const sharedRow = all.json.data.find((item) => item.id === shared)!;
    expect(sharedRow.status).toBe("shared");
    expect(sharedRow.shared_at).not.toBeNull();
    expect(sharedRow.expires_at).not.toBeNull();
    expect(sharedRow.lead).toBeNull();

    // Search ignores case and accents and reads the lead's name too.
    expect(
      idsOf((await list(`?q=${encodeURIComponent(`CLINICA ${tag}`)}`, martaCookie)).json),
    ).toEqual([draft]);
    expect(idsOf((await list(`?q=${tag}&author=me`, martaCookie)).json)).toEqual([shared, draft]);
    expect(idsOf((await list(`?q=${tag}&author=me`, brunoCookie)).json)).toEqual([other]);
    expect(idsOf((await list(`?q=${tag}&author=${bruno.id}`, martaCookie)).json)).toEqual([other]);
    expect(idsOf((await list(`?q=${tag}&status=shared`, martaCookie)).json)).toEqual([shared]);
    expect(idsOf((await list(`?q=${tag}&status=draft`, martaCookie)).json)).toEqual([other, draft]);
    expect(idsOf((await list(`?lead_id=${lead.id}`, martaCookie)).json)).toEqual([draft]);

    // An open link past its date reads, and filters, as expired.
    await testDb().proposal.update({
      where: { id: shared },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    expect(idsOf((await list(`?q=${tag}&status=expired`, martaCookie)).json)).toEqual([shared]);
    expect(idsOf((await list(`?q=${tag}&status=shared`, martaCookie)).json)).toEqual([]);
    const expired = (await list(`?q=${tag}`, martaCookie)).json.data.find(
      (item: ProposalListItemDto) => item.id === shared,
    )!;
    expect(expired.status).toBe("expired");
  });

  it("pages with a cursor: every proposal once, newest first, until next_cursor is null", async () => {
    const tag = `pg${randomUUID().slice(0, 8)}`;
    const start = Date.now() - 3_600_000;
    await testDb().proposal.createMany({
      data: Array.from({ length: 53 }, (_, index) => ({
        token: randomBytes(32).toString("base64url"),
        data: proposalData({ title: `${tag} ${index}` }),
        // Two share a time, so the id breaks the tie across the page boundary.
        createdAt: new Date(start + Math.floor(index / 2) * 1000),
      })),
    });
    const first = await list(`?q=${tag}`, martaCookie);
    expect(first.json.data).toHaveLength(50);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const second = await list(`?q=${tag}&cursor=${first.json.next_cursor}`, martaCookie);
    expect(second.status, second.text).toBe(200);
    expect(second.json.data).toHaveLength(3);
    expect(second.json.next_cursor).toBeNull();
    const titles = [...first.json.data, ...second.json.data].map((row) => row.title);
    expect(new Set(titles).size).toBe(53);
    const times = [...first.json.data, ...second.json.data].map((row) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("under 'own' visibility a sales account sees no proposal of a colleague's lead, and asking by that lead is 403", async () => {
    const tag = `vis${randomUUID().slice(0, 8)}`;
    const mine = await makeLead({ name: `${tag} mine`, ownerId: seller.id });
    const theirs = await makeLead({ name: `${tag} theirs`, ownerId: bruno.id });
    const nobodys = await makeLead({ name: `${tag} nobody` });
    const onMine = await store(sellerCookie, `${tag} a`, mine.id);
    const onTheirs = await store(brunoCookie, `${tag} b`, theirs.id);
    const onNobodys = await store(brunoCookie, `${tag} c`, nobodys.id);
    const noLead = await store(brunoCookie, `${tag} d`);

    // "all", the default: everything.
    expect(idsOf((await list(`?q=${tag}`, sellerCookie)).json)).toEqual([
      noLead,
      onNobodys,
      onTheirs,
      onMine,
    ]);

    await testDb().staffSettings.create({ data: { id: 1, salesLeadVisibility: "own" } });
    expect(idsOf((await list(`?q=${tag}`, sellerCookie)).json)).toEqual([
      noLead,
      onNobodys,
      onMine,
    ]);
    const denied = await list(`?lead_id=${theirs.id}`, sellerCookie);
    expect(denied.status).toBe(403);
    expect(denied.text).not.toContain(tag);
    expect(
      await testDb().staffAuditEvent.count({
        where: { type: "access_denied", accountId: seller.id },
      }),
    ).toBeGreaterThan(0);
    // Managers see everything whatever the setting.
    expect(idsOf((await list(`?q=${tag}`, martaCookie)).json)).toHaveLength(4);
  });
});
