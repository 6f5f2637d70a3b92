import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as submit } from "@/app/api/leads/route";
import { PATCH as reassignLead, GET as getLead } from "@/app/api/crm/leads/[id]/route";
import { POST as draftProposal } from "@/app/api/crm/leads/[id]/proposal-draft/route";
import { GET as listLeads, POST as createLead } from "@/app/api/crm/leads/route";
import { GET as getPipeline } from "@/app/api/crm/pipeline/route";
import { GET as listTasks, POST as createTask } from "@/app/api/crm/tasks/route";
import { PATCH as patchTask } from "@/app/api/crm/tasks/[id]/route";
import { GET as listActivities } from "@/app/api/crm/leads/[id]/activities/route";
import type { ActivityDto } from "@/lib/crm/crm.schema";
import { GET as directory } from "@/app/api/staff/directory/route";
import { callRoute } from "../../support/http";
import { makeLead, makeStaffAccount, makeTask, testDb } from "../../support/factories";
import { staffCookie, staffCookieFor, uniqueAddress } from "../../support/staff";

type Account = Awaited<ReturnType<typeof makeStaffAccount>>;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let manager: Account;
let seller: Account;
let otherSeller: Account;
let managerCookie: string;
let sellerCookie: string;
/** Sales accounts other files left active; round-robin must only see this file's, so they rest meanwhile. */
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
  manager = await makeStaffAccount({ role: "manager", name: "Marta Manager" });
  seller = await makeStaffAccount({ role: "sales", name: "Sergio Ventas" });
  otherSeller = await makeStaffAccount({ role: "sales", name: "Olga Ventas" });
  managerCookie = await staffCookieFor(manager);
  sellerCookie = await staffCookieFor(seller);
});

afterAll(async () => {
  await testDb().staffAccount.updateMany({
    where: { id: { in: restedSellers } },
    data: { active: true },
  });
});

function questionnaire(email: string, overrides: Record<string, unknown> = {}) {
  return {
    submission_id: `sub-${randomUUID()}`,
    lang: "es",
    elapsed_ms: 45_000,
    website: "clinica-norte.example",
    name: "Lucía Fernández",
    email,
    phone: "+34 600 000 123",
    company: "Clínica Norte",
    industry: "Healthcare",
    employees_range: "51–200",
    headquarters: "Bilbao",
    role: "CIO",
    uses_ai: "No",
    data_storage: "Hybrid",
    has_data_team: "Yes",
    areas: ["process automation"],
    challenge: "Perdemos llamadas.",
    timeline: "3–6 months",
    budget: "$25k–$100k",
    preferred_contact: "WhatsApp",
    message: "Queremos una recepcionista de IA.",
    ...overrides,
  };
}

const postLead = (body: unknown) =>
  callRoute(submit, {
    method: "POST",
    path: "/api/leads",
    body,
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });

async function leadByEmail(email: string) {
  return testDb().lead.findFirstOrThrow({ where: { email }, select: { id: true, ownerId: true } });
}

describe("round-robin owners for new leads", () => {
  it("hands new leads from the forms and from the CRM to the active sales accounts in turn", async () => {
    const owners: (string | null)[] = [];
    for (let i = 0; i < 2; i++) {
      const email = `rr-${randomUUID().slice(0, 8)}@example.com`;
      expect((await postLead(questionnaire(email))).status).toBe(201);
      owners.push((await leadByEmail(email)).ownerId);
    }
    for (let i = 0; i < 2; i++) {
      const created = await callRoute(createLead, {
        method: "POST",
        path: "/api/crm/leads",
        body: { name: `Manual ${i}` },
        cookie: managerCookie,
      });
      expect(created.status).toBe(201);
      owners.push(created.json.owner?.id ?? null);
    }
    // Two sellers, four leads: each gets two, never the same one twice running.
    expect(owners.filter((id) => id === seller.id)).toHaveLength(2);
    expect(owners.filter((id) => id === otherSeller.id)).toHaveLength(2);
    for (let i = 1; i < owners.length; i++) expect(owners[i]).not.toBe(owners[i - 1]);
  });

  it("takes turns correctly when leads arrive at the same moment", async () => {
    const emails = Array.from(
      { length: 6 },
      () => `rr-par-${randomUUID().slice(0, 8)}@example.com`,
    );
    const answers = await Promise.all(emails.map((email) => postLead(questionnaire(email))));
    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 201));
    const owners = await Promise.all(
      emails.map(async (email) => (await leadByEmail(email)).ownerId),
    );
    expect(owners.filter((id) => id === seller.id)).toHaveLength(3);
    expect(owners.filter((id) => id === otherSeller.id)).toHaveLength(3);
  });

  it("skips deactivated sales accounts and leaves a lead unassigned when nobody is left", async () => {
    await testDb().staffAccount.update({ where: { id: otherSeller.id }, data: { active: false } });
    try {
      for (let i = 0; i < 2; i++) {
        const email = `rr-solo-${randomUUID().slice(0, 8)}@example.com`;
        await postLead(questionnaire(email));
        expect((await leadByEmail(email)).ownerId).toBe(seller.id);
      }
      await testDb().staffAccount.update({ where: { id: seller.id }, data: { active: false } });
      const email = `rr-none-${randomUUID().slice(0, 8)}@example.com`;
      await postLead(questionnaire(email));
      expect((await leadByEmail(email)).ownerId).toBeNull();
    } finally {
      await testDb().staffAccount.updateMany({
        where: { id: { in: [seller.id, otherSeller.id] } },
        data: { active: true },
      });
    }
  });
});

describe("owner filter and reassignment", () => {
  it("lists my leads, someone's leads and unassigned leads, in the list and the pipeline", async () => {
    const mine = await makeLead({ ownerId: seller.id, stage: "Discovery" });
    const theirs = await makeLead({ ownerId: otherSeller.id, stage: "Discovery" });
    const nobodys = await makeLead({ stage: "Discovery" });

    const ids = async (path: string, cookie: string) =>
      ((await callRoute(listLeads, { path, cookie })).json.leads as { id: string }[]).map(
        (lead) => lead.id,
      );
    const myIds = await ids("/api/crm/leads?owner=me", sellerCookie);
    expect(myIds).toContain(mine.id);
    expect(myIds).not.toContain(theirs.id);
    expect(myIds).not.toContain(nobodys.id);
    const byId = await ids(`/api/crm/leads?owner=${otherSeller.id}`, managerCookie);
    expect(byId).toContain(theirs.id);
    expect(byId).not.toContain(mine.id);
    const unassigned = await ids("/api/crm/leads?owner=none", managerCookie);
    expect(unassigned).toContain(nobodys.id);
    expect(unassigned).not.toContain(mine.id);

    const listed = await callRoute(listLeads, {
      path: "/api/crm/leads?owner=me",
      cookie: sellerCookie,
    });
    expect(listed.json.leads.find((lead: { id: string }) => lead.id === mine.id).owner).toEqual({
      id: seller.id,
      name: "Sergio Ventas",
    });

    const db = testDb();
    const expected = await db.lead.count({ where: { ownerId: seller.id, stage: "Discovery" } });
    const pipeline = await callRoute(getPipeline, {
      path: "/api/crm/pipeline?owner=me",
      cookie: sellerCookie,
    });
    expect(pipeline.status).toBe(200);
    expect(pipeline.json.counts.Discovery).toBe(expected);
  });

  it("matches nothing for owner=me on an account that owns no leads, and 400 for an unknown filter", async () => {
    const fresh = await staffCookie();
    const page = await callRoute(listLeads, { path: "/api/crm/leads?owner=me", cookie: fresh });
    expect(page.status).toBe(200);
    expect(page.json.leads).toEqual([]);
    const bad = await callRoute(listLeads, { path: "/api/crm/leads?owner=boss", cookie: fresh });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.owner).toBeDefined();
  });

  it("a manager reassigns a lead; the timeline names who did it", async () => {
    const lead = await makeLead({ ownerId: seller.id });
    const moved = await callRoute(reassignLead, {
      method: "PATCH",
      path: `/api/crm/leads/${lead.id}`,
      params: { id: lead.id },
      body: { owner_id: otherSeller.id },
      cookie: managerCookie,
    });
    expect(moved.status).toBe(200);
    expect(moved.json.owner).toEqual({ id: otherSeller.id, name: "Olga Ventas" });
    const activity = await testDb().activity.findFirstOrThrow({
      where: { leadId: lead.id, type: "owner_change" },
    });
    expect(activity).toMatchObject({ actor: "Marta Manager", actorId: manager.id });
    expect(activity.content).toContain("Olga Ventas");

    const cleared = await callRoute(reassignLead, {
      method: "PATCH",
      path: `/api/crm/leads/${lead.id}`,
      params: { id: lead.id },
      body: { owner_id: null },
      cookie: managerCookie,
    });
    expect(cleared.json.owner).toBeNull();
  });

  it("refuses a sales user (403), an unknown or deactivated account (400), a missing lead (404)", async () => {
    const lead = await makeLead({ ownerId: seller.id });
    const patch = (body: unknown, cookie: string, id = lead.id) =>
      callRoute(reassignLead, {
        method: "PATCH",
        path: `/api/crm/leads/${id}`,
        params: { id },
        body,
        cookie,
      });
    expect((await patch({ owner_id: otherSeller.id }, sellerCookie)).status).toBe(403);
    const unknown = await patch({ owner_id: MISSING_ID }, managerCookie);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields.owner_id).toBeDefined();
    const gone = await makeStaffAccount({ role: "sales", active: false });
    expect((await patch({ owner_id: gone.id }, managerCookie)).status).toBe(400);
    expect((await patch({ owner_id: "boss" }, managerCookie)).status).toBe(400);
    expect((await patch({ owner_id: otherSeller.id, role: "owner" }, managerCookie)).status).toBe(
      400,
    );
    expect((await patch({ owner_id: otherSeller.id }, managerCookie, MISSING_ID)).status).toBe(404);
    const after = await testDb().lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(after.ownerId).toBe(seller.id);
  });

  it("the directory lists active accounts only", async () => {
    const gone = await makeStaffAccount({ role: "sales", active: false });
    const list = await callRoute(directory, { path: "/api/staff/directory", cookie: sellerCookie });
    expect(list.status).toBe(200);
    const ids = (list.json as { id: string }[]).map((person) => person.id);
    expect(ids).toEqual(expect.arrayContaining([manager.id, seller.id, otherSeller.id]));
    expect(ids).not.toContain(gone.id);
    expect((await callRoute(directory, { path: "/api/staff/directory" })).status).toBe(401);
  });
});

describe("tasks with an assignee and a due date", () => {
  it("creates a task for an assignee with a due date, and marks it overdue once the day has passed", async () => {
    const lead = await makeLead();
    const created = await callRoute(createTask, {
      method: "POST",
      path: "/api/crm/tasks",
      body: {
        title: "Llamar",
        lead_id: lead.id,
        assignee_id: otherSeller.id,
        due_date: "2020-01-31",
      },
      cookie: managerCookie,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      assignee: { id: otherSeller.id, name: "Olga Ventas" },
      due_date: "2020-01-31",
      is_overdue: true,
    });
    const future = await callRoute(createTask, {
      method: "POST",
      path: "/api/crm/tasks",
      body: { title: "Enviar propuesta", lead_id: lead.id, due_date: "2999-12-31" },
      cookie: sellerCookie,
    });
    // Without assignee_id the task is the creator's.
    expect(future.json).toMatchObject({ assignee: { id: seller.id }, is_overdue: false });
  });

  it("marks a task overdue by the reader's own clock, the one their screens show times in", async () => {
    // Managers, so the round-robin of this file's sellers is untouched.
    const ahead = await makeStaffAccount({ role: "manager", name: "Kiri Adelante" });
    const behind = await makeStaffAccount({ role: "manager", name: "Paula Atrás" });
    for (const [account, timeZone] of [
      [ahead, "Pacific/Kiritimati"],
      [behind, "Pacific/Pago_Pago"],
    ] as const)
      await testDb().staffAvailability.create({
        data: { accountId: account.id, timeZone, weekly: [] },
      });
    // The two zones are 25 hours apart: yesterday in Kiritimati is today or later in Pago Pago.
    const kiritimatiToday = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Pacific/Kiritimati",
    }).format(new Date());
    const dueDate = new Date(Date.parse(`${kiritimatiToday}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const lead = await makeLead();
    const created = await callRoute(createTask, {
      method: "POST",
      path: "/api/crm/tasks",
      body: { title: "Llamar antes del cierre", lead_id: lead.id, due_date: dueDate },
      cookie: await staffCookieFor(ahead),
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ due_date: dueDate, is_overdue: true });

    const path = `/api/crm/tasks?assignee=${ahead.id}`;
    const seenBy = async (account: Account) => {
      const page = await callRoute(listTasks, { path, cookie: await staffCookieFor(account) });
      expect(page.status).toBe(200);
      const tasks = (page.json as { tasks: { id: string; is_overdue: boolean }[] }).tasks;
      return tasks.find((task) => task.id === (created.json as { id: string }).id)?.is_overdue;
    };
    expect(await seenBy(ahead)).toBe(true);
    expect(await seenBy(behind)).toBe(false);
  });

  it("rejects an invalid due date, an unknown assignee and unknown fields with 400", async () => {
    const lead = await makeLead();
    const post = (body: Record<string, unknown>) =>
      callRoute(createTask, {
        method: "POST",
        path: "/api/crm/tasks",
        body: { title: "x", lead_id: lead.id, ...body },
        cookie: managerCookie,
      });
    for (const due_date of ["2026-02-30", "31/12/2026", "tomorrow", 20261231]) {
      const answer = await post({ due_date });
      expect(answer.status, String(due_date)).toBe(400);
      expect(answer.json.error.fields.due_date).toBeDefined();
    }
    const unknown = await post({ assignee_id: MISSING_ID });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields.assignee_id).toBeDefined();
    expect((await post({ assignee_id: "me" })).status).toBe(400);
    expect(await testDb().task.count({ where: { leadId: lead.id } })).toBe(0);
  });

  it("reassigns and reschedules a task; each real change is in the lead's timeline with who made it", async () => {
    const lead = await makeLead();
    const created = await callRoute(createTask, {
      method: "POST",
      path: "/api/crm/tasks",
      body: { title: "Enviar propuesta", lead_id: lead.id, due_date: "2999-01-15" },
      cookie: sellerCookie,
    });
    const id = created.json.id as string;
    const patch = (body: unknown, cookie = managerCookie, taskId = id) =>
      callRoute(patchTask, {
        method: "PATCH",
        path: `/api/crm/tasks/${taskId}`,
        params: { id: taskId },
        body,
        cookie,
      });

    const handed = await patch({ assignee_id: otherSeller.id, due_date: "2999-02-01" });
    expect(handed.status).toBe(200);
    expect(handed.json).toMatchObject({
      assignee: { id: otherSeller.id, name: "Olga Ventas" },
      due_date: "2999-02-01",
      status: "todo",
    });
    // The same values again change nothing and add nothing to the timeline.
    expect(
      (await patch({ assignee_id: otherSeller.id, due_date: "2999-02-01" }, sellerCookie)).status,
    ).toBe(200);
    const cleared = await patch(
      { assignee_id: null, due_date: null, status: "doing" },
      sellerCookie,
    );
    expect(cleared.json).toMatchObject({ assignee: null, due_date: null, status: "doing" });

    const timeline = await callRoute(listActivities, {
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      cookie: managerCookie,
    });
    const changes = (timeline.json as ActivityDto[])
      .filter((entry) => entry.type.startsWith("task_"))
      .map(({ type, actor, detail }) => ({ type, actor, detail }));
    // Entries of one change share their instant, so only their from/to chain says which came first.
    expect(changes).toHaveLength(6);
    expect(changes).toEqual(
      expect.arrayContaining([
        {
          type: "task_created",
          actor: "Sergio Ventas",
          detail: { title: "Enviar propuesta", assignee: "Sergio Ventas", due_date: "2999-01-15" },
        },
        {
          type: "task_assignee",
          actor: "Marta Manager",
          detail: { title: "Enviar propuesta", from: "Sergio Ventas", to: "Olga Ventas" },
        },
        {
          type: "task_due",
          actor: "Marta Manager",
          detail: { title: "Enviar propuesta", from: "2999-01-15", to: "2999-02-01" },
        },
        {
          type: "task_status",
          actor: "Sergio Ventas",
          detail: { title: "Enviar propuesta", from: "todo", to: "doing" },
        },
        {
          type: "task_assignee",
          actor: "Sergio Ventas",
          detail: { title: "Enviar propuesta", from: "Olga Ventas", to: null },
        },
        {
          type: "task_due",
          actor: "Sergio Ventas",
          detail: { title: "Enviar propuesta", from: "2999-02-01", to: null },
        },
      ]),
    );
  });

  it("refuses a task change with nothing to change, a bad date or assignee (400), an unknown task (404), no session (401)", async () => {
    const lead = await makeLead();
    const task = await makeTask(lead.id);
    const patch = (body: unknown, { cookie = managerCookie, id = task.id } = {}) =>
      callRoute(patchTask, {
        method: "PATCH",
        path: `/api/crm/tasks/${id}`,
        params: { id },
        body,
        cookie,
      });
    expect((await patch({})).status).toBe(400);
    for (const due_date of ["2026-02-30", "tomorrow", 20261231]) {
      const answer = await patch({ due_date });
      expect(answer.status, String(due_date)).toBe(400);
      expect(answer.json.error.fields.due_date).toBeDefined();
    }
    const unknown = await patch({ assignee_id: MISSING_ID });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields.assignee_id).toBeDefined();
    const gone = await makeStaffAccount({ role: "sales", active: false });
    expect((await patch({ assignee_id: gone.id })).status).toBe(400);
    expect((await patch({ assignee_id: "me" })).status).toBe(400);
    expect((await patch({ title: "renamed" })).status).toBe(400);
    expect((await patch({ due_date: "2999-01-01" }, { id: MISSING_ID })).status).toBe(404);
    expect(
      (
        await callRoute(patchTask, {
          method: "PATCH",
          path: `/api/crm/tasks/${task.id}`,
          params: { id: task.id },
          body: { due_date: "2999-01-01" },
        })
      ).status,
    ).toBe(401);
    const after = await testDb().task.findUniqueOrThrow({ where: { id: task.id } });
    expect(after).toMatchObject({ assigneeId: task.assigneeId, dueDate: task.dueDate });
    expect(
      await testDb().activity.count({
        where: { leadId: lead.id, type: { in: ["task_assignee", "task_due"] } },
      }),
    ).toBe(0);
  });

  it("pages through all of my tasks with a cursor, past the old 1,000 cap", async () => {
    const lead = await makeLead();
    const worker = await makeStaffAccount({ role: "sales" });
    const cookie = await staffCookieFor(worker);
    const base = Date.now() - 10_000_000;
    await testDb().task.createMany({
      data: Array.from({ length: 1_050 }, (_, i) => ({
        title: `T${i}`,
        leadId: lead.id,
        assigneeId: worker.id,
        createdAt: new Date(base + i * 1000),
      })),
    });
    await makeTask(lead.id, { assigneeId: seller.id });

    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `/api/crm/tasks?assignee=me${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await callRoute(listTasks, { path, cookie });
      expect(page.status).toBe(200);
      for (const task of page.json.tasks as { id: string; assignee: { id: string } }[]) {
        expect(task.assignee.id).toBe(worker.id);
        seen.add(task.id);
      }
      cursor = page.json.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen.size).toBe(1_050);
    expect(pages).toBe(11);
  });

  it("answers 400 to a garbage cursor or assignee filter", async () => {
    for (const path of [
      "/api/crm/tasks?cursor=garbage",
      `/api/crm/tasks?cursor=${Buffer.from("2026-01-01T00:00:00Z|nope").toString("base64url")}`,
      "/api/crm/tasks?assignee=everyone",
      "/api/crm/tasks?status=todo",
    ]) {
      expect((await callRoute(listTasks, { path, cookie: managerCookie })).status, path).toBe(400);
    }
  });
});

describe("a lead's history", () => {
  it("keeps every submission; a later contact message neither hides the questionnaire nor overwrites staff fields", async () => {
    const email = `hist-${randomUUID().slice(0, 8)}@example.com`;
    expect((await postLead(questionnaire(email))).status).toBe(201);
    const { id } = await leadByEmail(email);
    // Staff correct the lead; the phone stays empty on purpose.
    await testDb().lead.update({
      where: { id },
      data: { name: "Lucía F. (CIO)", company: "Clínica Norte S.L.", phone: null },
    });

    const contact = await postLead({
      source: "home_form",
      lang: "en",
      name: "Someone Else",
      email: email.toUpperCase(),
      company: "Another Company",
      message: "Any news?",
      elapsed_ms: 9_000,
    });
    expect(contact.status).toBe(201);
    const again = await postLead(
      questionnaire(email, { phone: "+34 611 222 333", budget: "$500k+" }),
    );
    expect(again.status).toBe(201);
    const lastContact = await postLead({
      source: "home_form",
      lang: "es",
      name: "Otra",
      email,
      message: "¿Hay novedades?",
      elapsed_ms: 9_000,
    });
    expect(lastContact.status).toBe(201);

    const detail = await callRoute(getLead, {
      path: `/api/crm/leads/${id}`,
      params: { id },
      cookie: managerCookie,
    });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      name: "Lucía F. (CIO)",
      company: "Clínica Norte S.L.",
      // Only the empty field was filled.
      phone: "+34 611 222 333",
    });
    expect(detail.json.submissions.map((s: { source: string }) => s.source)).toEqual([
      "home_form",
      "optin",
      "home_form",
      "optin",
    ]);
    const times = detail.json.submissions.map((s: { created_at: string }) => s.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(detail.json.submissions[0].answers.message).toBe("¿Hay novedades?");
    // The answers are the latest questionnaire's, not the later contact message's.
    expect(detail.json.answers).toMatchObject({ budget: "$500k+", has_data_team: "Yes" });
    expect(detail.json.answered_at).toBe(detail.json.submissions[1].created_at);

    const optins = await testDb().activity.count({ where: { leadId: id, type: "optin" } });
    expect(optins).toBe(4);
    expect(
      await testDb().lead.count({ where: { email: { equals: email, mode: "insensitive" } } }),
    ).toBe(1);

    // The proposal draft is drawn from the latest questionnaire too.
    const draft = await callRoute(draftProposal, {
      method: "POST",
      path: `/api/crm/leads/${id}/proposal-draft`,
      params: { id },
      cookie: managerCookie,
    });
    expect(draft.status).toBe(200);
    expect(JSON.stringify(draft.json.data)).not.toContain("Any news?");
  });

  it("answers owner null and no submissions for a lead typed in by hand", async () => {
    const lead = await makeLead();
    const detail = await callRoute(getLead, {
      path: `/api/crm/leads/${lead.id}`,
      params: { id: lead.id },
      cookie: managerCookie,
    });
    expect(detail.json).toMatchObject({ owner: null, submissions: [], answers: null });
  });
});
