// Issue 33: a timeline only the system can write stage history into, and what the owner lets sales see and take.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  GET as listActivities,
  POST as addActivity,
} from "@/app/api/crm/leads/[id]/activities/route";
import { POST as moveLead } from "@/app/api/crm/leads/[id]/move/route";
import { GET as getLead } from "@/app/api/crm/leads/[id]/route";
import { GET as exportCsv } from "@/app/api/crm/leads/export.csv/route";
import { GET as listLeads, POST as createLead } from "@/app/api/crm/leads/route";
import { GET as getPipeline } from "@/app/api/crm/pipeline/route";
import { POST as extendProposal } from "@/app/api/crm/proposals/[id]/extend/route";
import { POST as withdrawProposal } from "@/app/api/crm/proposals/[id]/withdraw/route";
import { GET as getProposal, PATCH as updateProposal } from "@/app/api/crm/proposals/[id]/route";
import { POST as shareProposal } from "@/app/api/crm/proposals/[id]/share/route";
import { GET as listProposals, POST as createProposal } from "@/app/api/crm/proposals/route";
import { PATCH as updateTask } from "@/app/api/crm/tasks/[id]/route";
import { GET as listTasks, POST as createTask } from "@/app/api/crm/tasks/route";
import { GET as getSettings, PUT as putSettings } from "@/app/api/staff/settings/route";
import type { LeadCardDto } from "@/lib/crm/crm.schema";
import { callRoute } from "../../support/http";
import { makeLead, makeStaffAccount, makeTask, testDb } from "../../support/factories";
import { proposalData } from "../../support/proposals";
import { staffCookie, staffCookieFor } from "../../support/staff";

const DAY_MS = 24 * 60 * 60 * 1000;
type Account = Awaited<ReturnType<typeof makeStaffAccount>>;

let ownerCookie: string;
let manager: Account;
let seller: Account;
let colleague: Account;
let managerCookie: string;
let sellerCookie: string;
let colleagueCookie: string;
/** Sales accounts other files left active: the round-robin test must see only this file's. */
let restedSellers: string[] = [];

beforeAll(async () => {
  const db = testDb();
  restedSellers = (
    await db.staffAccount.findMany({ where: { role: "sales", active: true }, select: { id: true } })
  ).map((account) => account.id);
  await db.staffAccount.updateMany({
    where: { id: { in: restedSellers } },
    data: { active: false },
  });
  ownerCookie = await staffCookie({ name: "Olivia Owner" });
  manager = await makeStaffAccount({ role: "manager", name: "Marta Manager" });
  seller = await makeStaffAccount({ role: "sales", name: "Sergio Ventas" });
  colleague = await makeStaffAccount({ role: "sales", name: "Carla Colega" });
  managerCookie = await staffCookieFor(manager);
  sellerCookie = await staffCookieFor(seller);
  colleagueCookie = await staffCookieFor(colleague);
});

afterAll(async () => {
  const db = testDb();
  await db.staffAccount.updateMany({
    where: { id: { in: restedSellers } },
    data: { active: true },
  });
  await db.staffSettings.deleteMany({});
});

/** The owner's settings start from the defaults in every test. */
beforeEach(async () => {
  await testDb().staffSettings.deleteMany({});
});

const putAs = (cookie: string, body: unknown) =>
  callRoute(putSettings, { method: "PUT", path: "/api/staff/settings", cookie, body });

async function ownerSets(body: Record<string, unknown>) {
  const result = await putAs(ownerCookie, body);
  expect(result.status, result.text).toBe(200);
}

const deniedCount = (accountId: string) =>
  testDb().staffAuditEvent.count({ where: { type: "access_denied", accountId } });

const readLead = (id: string, cookie: string) =>
  callRoute<LeadCardDto>(getLead, { path: `/api/crm/leads/${id}`, params: { id }, cookie });

const postActivity = (id: string, cookie: string, body: unknown) =>
  callRoute(addActivity, {
    method: "POST",
    path: `/api/crm/leads/${id}/activities`,
    params: { id },
    cookie,
    body,
  });

describe("a record only the system writes", () => {
  it("a forged stage_change is refused with 400, as is every other system type, and nothing is written", async () => {
    const lead = await makeLead({ stage: "Negotiation" });
    for (const type of [
      "stage_change",
      "proposal_signed",
      "owner_change",
      "erased",
      "optin",
      "task_created",
      "proposal_sent",
    ]) {
      const forged = await postActivity(lead.id, ownerCookie, {
        type,
        content: "Negotiation → Won",
      });
      expect(forged.status, type).toBe(400);
      expect(forged.json.error.fields.type).toEqual([
        "type must be one of: note, call, meeting, email.",
      ]);
    }
    expect(await testDb().activity.count({ where: { leadId: lead.id } })).toBe(0);
  });

  it("staff log notes, calls, meetings and e-mails; a note is the default", async () => {
    const lead = await makeLead();
    for (const type of ["note", "call", "meeting", "email"]) {
      const added = await postActivity(lead.id, sellerCookie, { type, content: `A ${type}` });
      expect(added.status, added.text).toBe(201);
      expect(added.json).toMatchObject({ type, content: `A ${type}`, actor: seller.name });
    }
    const untyped = await postActivity(lead.id, sellerCookie, { content: "Plain" });
    expect(untyped.status).toBe(201);
    expect(untyped.json.type).toBe("note");
  });

  it("a stage_change typed in before the refusal neither moves a 90-day-old win into the last 30 days nor clears a stale flag", async () => {
    const tag = `forged${randomUUID().slice(0, 8)}`;
    const win = await makeLead({ name: `${tag} win`, stage: "Negotiation" });
    const stale = await makeLead({
      name: `${tag} stale`,
      stage: "Negotiation",
      createdAt: new Date(Date.now() - 120 * DAY_MS),
    });
    const moved = await callRoute(moveLead, {
      method: "POST",
      path: `/api/crm/leads/${win.id}/move?stage=Won`,
      params: { id: win.id },
      cookie: ownerCookie,
    });
    expect(moved.status).toBe(200);
    await testDb().activity.updateMany({
      where: { leadId: win.id, type: "stage_change" },
      data: { createdAt: new Date(Date.now() - 90 * DAY_MS) },
    });
    const wonLastMonth = async () =>
      (
        await callRoute(listLeads, {
          path: `/api/crm/leads?stage=Won&won_period=30d&q=${tag}`,
          cookie: ownerCookie,
        })
      ).json.leads.map((lead: LeadCardDto) => lead.id);
    const pipelineWon = async () =>
      (
        await callRoute(getPipeline, {
          path: "/api/crm/pipeline?won_period=30d",
          cookie: ownerCookie,
        })
      ).json.counts.Won;
    const before = {
      won: await pipelineWon(),
      stale: (await readLead(stale.id, ownerCookie)).json,
    };
    expect(await wonLastMonth()).toEqual([]);
    expect(before.stale).toMatchObject({ days_in_stage: 120, is_stale: true });

    // The attack as it was possible before: rows with the system's type, written through the notes API
    // (no facts), dated today.
    await testDb().activity.createMany({
      data: [win.id, stale.id].map((leadId) => ({
        leadId,
        type: "stage_change",
        content: "Negotiation → Won",
        actor: seller.name,
        actorId: seller.id,
      })),
    });

    expect(await wonLastMonth()).toEqual([]);
    expect(await pipelineWon()).toBe(before.won);
    expect((await readLead(win.id, ownerCookie)).json.days_in_stage).toBe(90);
    expect((await readLead(stale.id, ownerCookie)).json).toMatchObject({
      days_in_stage: 120,
      is_stale: true,
    });
  });
});

describe("the owner's settings", () => {
  it("start at everyone's leads, no sales export, no changes to a colleague's proposals", async () => {
    const read = await callRoute(getSettings, { path: "/api/staff/settings", cookie: ownerCookie });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      require_two_factor: false,
      sales_lead_visibility: "all",
      sales_may_export: false,
      sales_may_change_others_proposals: false,
    });
  });

  it("are the owner's alone: 401 signed out, 403 for a manager or a sales account", async () => {
    expect((await callRoute(getSettings, { path: "/api/staff/settings" })).status).toBe(401);
    for (const cookie of [managerCookie, sellerCookie]) {
      expect((await callRoute(getSettings, { path: "/api/staff/settings", cookie })).status).toBe(
        403,
      );
      expect((await putAs(cookie, { sales_may_export: true })).status).toBe(403);
    }
    expect((await testDb().staffSettings.findFirst())?.salesMayExport ?? false).toBe(false);
  });

  it("refuse what is not a setting with 400 and keep what was stored", async () => {
    for (const body of [
      {},
      { sales_lead_visibility: "team" },
      { sales_may_export: "yes" },
      { sales_may_change_others_proposals: 1 },
      { sales_may_export: true, can_fly: true },
    ]) {
      const refused = await putAs(ownerCookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.error.code).toBe("validation");
    }
    const read = await callRoute(getSettings, { path: "/api/staff/settings", cookie: ownerCookie });
    expect(read.json.sales_may_export).toBe(false);
    expect(read.json.sales_lead_visibility).toBe("all");
  });

  it("keep what a change leaves out, persist in PostgreSQL and are audited", async () => {
    const saved = await putAs(ownerCookie, {
      sales_lead_visibility: "own",
      sales_may_export: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({
      require_two_factor: false,
      sales_lead_visibility: "own",
      sales_may_export: true,
      sales_may_change_others_proposals: false,
    });
    await ownerSets({ sales_may_change_others_proposals: true });
    const row = await testDb().staffSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row).toMatchObject({
      salesLeadVisibility: "own",
      salesMayExport: true,
      salesMayChangeOthersProposals: true,
    });
    const audit = await testDb().staffAuditEvent.findFirst({
      where: { type: "sales_access" },
      orderBy: { id: "desc" },
    });
    expect(audit?.detail).toEqual({ sales_may_change_others_proposals: true });
  });
});

describe("'own' lead visibility", () => {
  async function threeLeads() {
    const tag = `vis${randomUUID().slice(0, 8)}`;
    return {
      tag,
      mine: await makeLead({ name: `${tag} mine`, ownerId: seller.id, stage: "Discovery" }),
      theirs: await makeLead({ name: `${tag} theirs`, ownerId: colleague.id, stage: "Discovery" }),
      nobodys: await makeLead({ name: `${tag} nobody`, stage: "Discovery" }),
    };
  }

  it("a sales rep with 'own' visibility cannot read a colleague's lead: 403, audited, and nothing changes", async () => {
    const { theirs } = await threeLeads();
    expect((await readLead(theirs.id, sellerCookie)).status).toBe(200); // "all", the default

    await ownerSets({ sales_lead_visibility: "own" });
    const deniedBefore = await deniedCount(seller.id);
    const read = await readLead(theirs.id, sellerCookie);
    expect(read.status).toBe(403);
    expect(read.text).not.toContain("theirs");
    const timeline = await callRoute(listActivities, {
      path: `/api/crm/leads/${theirs.id}/activities`,
      params: { id: theirs.id },
      cookie: sellerCookie,
    });
    expect(timeline.status).toBe(403);
    expect((await postActivity(theirs.id, sellerCookie, { content: "Mine now" })).status).toBe(403);
    const move = await callRoute(moveLead, {
      method: "POST",
      path: `/api/crm/leads/${theirs.id}/move?stage=Lost`,
      params: { id: theirs.id },
      cookie: sellerCookie,
    });
    expect(move.status).toBe(403);

    expect(await deniedCount(seller.id)).toBe(deniedBefore + 4);
    const last = await testDb().staffAuditEvent.findFirstOrThrow({
      where: { type: "access_denied", accountId: seller.id },
      orderBy: { id: "desc" },
    });
    expect(last).toMatchObject({
      actorId: seller.id,
      detail: { action: "move_lead", lead_id: theirs.id },
    });
    const untouched = await testDb().lead.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(untouched.stage).toBe("Discovery");
    expect(await testDb().activity.count({ where: { leadId: theirs.id } })).toBe(0);
    // A missing lead is still a 404, and a manager still sees everyone's.
    const missing = randomUUID();
    expect((await readLead(missing, sellerCookie)).status).toBe(404);
    expect((await readLead(theirs.id, managerCookie)).status).toBe(200);
  });

  it("lists, searches, the pipeline and tasks show a sales rep only their own and unassigned leads", async () => {
    const { tag, mine, theirs, nobodys } = await threeLeads();
    const theirTask = await makeTask(theirs.id, { title: `${tag} their task` });
    const myTask = await makeTask(mine.id, { title: `${tag} my task` });
    await ownerSets({ sales_lead_visibility: "own" });

    const listed = await callRoute(listLeads, {
      path: `/api/crm/leads?q=${tag}`,
      cookie: sellerCookie,
    });
    expect(listed.json.leads.map((lead: LeadCardDto) => lead.id).sort()).toEqual(
      [mine.id, nobodys.id].sort(),
    );
    const asManager = await callRoute(listLeads, {
      path: `/api/crm/leads?q=${tag}`,
      cookie: managerCookie,
    });
    expect(asManager.json.leads).toHaveLength(3);

    const visibleDiscovery = await testDb().lead.count({
      where: { stage: "Discovery", OR: [{ ownerId: null }, { ownerId: seller.id }] },
    });
    const board = await callRoute(getPipeline, { path: "/api/crm/pipeline", cookie: sellerCookie });
    expect(board.json.counts.Discovery).toBe(visibleDiscovery);

    const tasks = await callRoute(listTasks, { path: "/api/crm/tasks", cookie: sellerCookie });
    const taskIds = tasks.json.tasks.map((task: { id: string }) => task.id);
    expect(taskIds).toContain(myTask.id);
    expect(taskIds).not.toContain(theirTask.id);
    const changed = await callRoute(updateTask, {
      method: "PATCH",
      path: `/api/crm/tasks/${theirTask.id}`,
      params: { id: theirTask.id },
      cookie: sellerCookie,
      body: { status: "done" },
    });
    expect(changed.status).toBe(403);
    const created = await callRoute(createTask, {
      method: "POST",
      path: "/api/crm/tasks",
      cookie: sellerCookie,
      body: { title: "Sneak a task in", lead_id: theirs.id },
    });
    expect(created.status).toBe(403);
    expect(await testDb().task.count({ where: { leadId: theirs.id } })).toBe(1);
  });

  it("hides the proposals of a colleague's leads from the list and refuses to open them", async () => {
    const { theirs } = await threeLeads();
    const proposal = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      cookie: colleagueCookie,
      body: { data: proposalData({ title: "Their deal" }), lead_id: theirs.id },
    });
    expect(proposal.status, proposal.text).toBe(201);
    const id = proposal.json.id as string;
    await ownerSets({ sales_lead_visibility: "own" });

    const listed = await callRoute(listProposals, {
      path: "/api/crm/proposals",
      cookie: sellerCookie,
    });
    expect(listed.json.data.map((row: { id: string }) => row.id)).not.toContain(id);
    const opened = await callRoute(getProposal, {
      path: `/api/crm/proposals/${id}`,
      params: { id },
      cookie: sellerCookie,
    });
    expect(opened.status).toBe(403);
    const byColleague = await callRoute(getProposal, {
      path: `/api/crm/proposals/${id}`,
      params: { id },
      cookie: colleagueCookie,
    });
    expect(byColleague.status).toBe(200);
  });
});

describe("CSV export", () => {
  const exportAs = (cookie: string) =>
    callRoute(exportCsv, { path: "/api/crm/leads/export.csv", cookie });

  it("sales export is refused by default (403, audited) and allowed by the setting", async () => {
    const deniedBefore = await deniedCount(seller.id);
    const refused = await exportAs(sellerCookie);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).not.toContain("text/csv");
    expect(await deniedCount(seller.id)).toBe(deniedBefore + 1);
    expect((await exportAs(managerCookie)).status).toBe(200);

    await ownerSets({ sales_may_export: true });
    const allowed = await exportAs(sellerCookie);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toContain("text/csv");
  });

  it("with 'own' visibility an allowed export holds only the rep's own and unassigned leads", async () => {
    const tag = `csv${randomUUID().slice(0, 8)}`;
    await makeLead({ name: `${tag} mine`, ownerId: seller.id });
    await makeLead({ name: `${tag} theirs`, ownerId: colleague.id });
    await ownerSets({ sales_may_export: true, sales_lead_visibility: "own" });
    const csv = await callRoute(exportCsv, {
      path: `/api/crm/leads/export.csv?q=${tag}`,
      cookie: sellerCookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`${tag} mine`);
    expect(csv.text).not.toContain(`${tag} theirs`);
  });
});

describe("a colleague's shared proposal", () => {
  async function sharedBy(cookie: string) {
    const created = await callRoute(createProposal, {
      method: "POST",
      path: "/api/crm/proposals",
      cookie,
      body: { data: proposalData({ title: "Shared deal" }) },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const shared = await callRoute(shareProposal, {
      method: "POST",
      path: `/api/crm/proposals/${id}/share`,
      params: { id },
      cookie,
    });
    expect(shared.status, shared.text).toBe(200);
    return id;
  }

  const extendAs = (id: string, cookie: string) =>
    callRoute(extendProposal, {
      method: "POST",
      path: `/api/crm/proposals/${id}/extend`,
      params: { id },
      cookie,
      body: { days: 7 },
    });

  it("cannot be edited, extended or withdrawn by another sales rep by default: 403, audited, unchanged", async () => {
    const id = await sharedBy(colleagueCookie);
    const before = await testDb().proposal.findUniqueOrThrow({ where: { id } });
    const deniedBefore = await deniedCount(seller.id);

    const edit = await callRoute(updateProposal, {
      method: "PATCH",
      path: `/api/crm/proposals/${id}`,
      params: { id },
      cookie: sellerCookie,
      body: { data: proposalData({ title: "Changed behind their back" }) },
    });
    expect(edit.status).toBe(403);
    expect((await extendAs(id, sellerCookie)).status).toBe(403);
    const withdraw = await callRoute(withdrawProposal, {
      method: "POST",
      path: `/api/crm/proposals/${id}/withdraw`,
      params: { id },
      cookie: sellerCookie,
    });
    expect(withdraw.status).toBe(403);

    const after = await testDb().proposal.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({
      version: before.version,
      status: before.status,
      expiresAt: before.expiresAt,
    });
    expect(await deniedCount(seller.id)).toBe(deniedBefore + 3);

    // Its author, a manager, and (once the owner allows it) any sales rep may.
    expect((await extendAs(id, colleagueCookie)).status).toBe(200);
    expect((await extendAs(id, managerCookie)).status).toBe(200);
    await ownerSets({ sales_may_change_others_proposals: true });
    expect((await extendAs(id, sellerCookie)).status).toBe(200);
  });

  it("tells each caller whether they may change it, so the staff page hides what the server would refuse", async () => {
    const id = await sharedBy(colleagueCookie);
    const mayChangeAs = async (cookie: string) => {
      const answer = await callRoute(getProposal, {
        path: `/api/crm/proposals/${id}`,
        params: { id },
        cookie,
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.json.data.may_change as boolean;
    };
    const deniedBefore = await deniedCount(seller.id);

    expect(await mayChangeAs(sellerCookie)).toBe(false);
    expect(await mayChangeAs(colleagueCookie)).toBe(true);
    expect(await mayChangeAs(managerCookie)).toBe(true);
    // Asking is not an attempt: nothing is audited.
    expect(await deniedCount(seller.id)).toBe(deniedBefore);
    await ownerSets({ sales_may_change_others_proposals: true });
    expect(await mayChangeAs(sellerCookie)).toBe(true);
  });
});

describe("round-robin", () => {
  it("an invited account that never signed in gets no round-robin leads", async () => {
    const db = testDb();
    // Only this test's two sales accounts are active while it runs.
    await db.staffAccount.updateMany({ where: { role: "sales" }, data: { active: false } });
    const working = await makeStaffAccount({ role: "sales", name: "Wendy Working" });
    const invited = await makeStaffAccount({
      role: "sales",
      name: "Ian Invited",
      lastSignInAt: null,
    });
    try {
      const owners: (string | null)[] = [];
      for (let index = 0; index < 4; index += 1) {
        const created = await callRoute(createLead, {
          method: "POST",
          path: "/api/crm/leads",
          cookie: ownerCookie,
          body: { name: `Round ${index}` },
        });
        expect(created.status).toBe(201);
        owners.push(created.json.owner?.id ?? null);
      }
      expect(owners).toEqual([working.id, working.id, working.id, working.id]);
      expect(await db.lead.count({ where: { ownerId: invited.id } })).toBe(0);
    } finally {
      await db.staffAccount.update({ where: { id: working.id }, data: { active: false } });
      await db.staffAccount.update({ where: { id: invited.id }, data: { active: false } });
      await db.staffAccount.updateMany({
        where: { id: { in: [seller.id, colleague.id] } },
        data: { active: true },
      });
    }
  });
});
