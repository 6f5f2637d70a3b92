import { beforeAll, describe, expect, it } from "vitest";
import {
  GET as getActivities,
  POST as addActivity,
} from "@/app/api/crm/leads/[id]/activities/route";
import { POST as moveLead } from "@/app/api/crm/leads/[id]/move/route";
import { GET as getLead } from "@/app/api/crm/leads/[id]/route";
import { GET as exportCsv } from "@/app/api/crm/leads/export.csv/route";
import { GET as listLeads, POST as createLead } from "@/app/api/crm/leads/route";
import { GET as getPipeline } from "@/app/api/crm/pipeline/route";
import { PATCH as updateTask } from "@/app/api/crm/tasks/[id]/route";
import { GET as listTasks, POST as createTask } from "@/app/api/crm/tasks/route";
import { LEAD_STAGES } from "@/lib/crm/crm.schema";
import { callRoute } from "../../support/http";
import { makeLead, makeTask, testDb } from "../../support/factories";
import { staffCookie } from "../../support/staff";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
let cookie: string;

beforeAll(async () => {
  cookie = await staffCookie({ name: "Marta" });
});

describe("every CRM endpoint requires a session", () => {
  const calls = [
    () => callRoute(listLeads, { path: "/api/crm/leads" }),
    () => callRoute(createLead, { method: "POST", path: "/api/crm/leads", body: { name: "X" } }),
    () => callRoute(getLead, { path: `/api/crm/leads/${MISSING_ID}`, params: { id: MISSING_ID } }),
    () =>
      callRoute(getActivities, {
        path: `/api/crm/leads/${MISSING_ID}/activities`,
        params: { id: MISSING_ID },
      }),
    () =>
      callRoute(addActivity, {
        method: "POST",
        path: `/api/crm/leads/${MISSING_ID}/activities`,
        body: { type: "note", content: "x" },
        params: { id: MISSING_ID },
      }),
    () =>
      callRoute(moveLead, {
        method: "POST",
        path: `/api/crm/leads/${MISSING_ID}/move?stage=Won`,
        params: { id: MISSING_ID },
      }),
    () => callRoute(exportCsv, { path: "/api/crm/leads/export.csv" }),
    () => callRoute(getPipeline, { path: "/api/crm/pipeline" }),
    () => callRoute(listTasks, { path: "/api/crm/tasks" }),
    () =>
      callRoute(createTask, {
        method: "POST",
        path: "/api/crm/tasks",
        body: { title: "x", lead_id: MISSING_ID },
      }),
    () =>
      callRoute(updateTask, {
        method: "PATCH",
        path: `/api/crm/tasks/${MISSING_ID}`,
        body: { status: "done" },
        params: { id: MISSING_ID },
      }),
  ];
  it.each(calls.map((call, index) => [index, call] as const))(
    "call %i answers 401 without a session",
    async (_index, call) => {
      const result = await call();
      expect(result.status).toBe(401);
      expect(result.json.error.code).toBe("unauthenticated");
    },
  );

  it("refuses a change posted from another site even with a valid session (CSRF)", async () => {
    const lead = await makeLead();
    const result = await callRoute(moveLead, {
      method: "POST",
      path: `/api/crm/leads/${lead.id}/move?stage=Won`,
      params: { id: lead.id },
      cookie,
      isCrossSite: true,
    });
    expect(result.status).toBe(403);
    expect((await testDb().lead.findUnique({ where: { id: lead.id } }))!.stage).toBe(
      "Qualification",
    );
  });
});

describe("leads", () => {
  it("lists newest first and pages by 50 with a cursor", async () => {
    const company = `Paging ${Date.now()}`;
    for (let i = 0; i < 55; i++)
      await makeLead({ company, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    const first = await callRoute(listLeads, {
      path: `/api/crm/leads?q=${encodeURIComponent(company)}`,
      cookie,
    });
    expect(first.status).toBe(200);
    expect(first.json.leads).toHaveLength(50);
    expect(first.json.leads[0].created_at > first.json.leads[49].created_at).toBe(true);
    const second = await callRoute(listLeads, {
      path: `/api/crm/leads?q=${encodeURIComponent(company)}&cursor=${first.json.next_cursor}`,
      cookie,
    });
    expect(second.json.leads).toHaveLength(5);
    expect(second.json.next_cursor).toBeNull();
    const ids = new Set(
      [...first.json.leads, ...second.json.leads].map((l: { id: string }) => l.id),
    );
    expect(ids.size).toBe(55);
  });

  it("finds names regardless of case and accents, and filters by stage", async () => {
    const tag = `${Date.now()}`;
    const garcia = await makeLead({ name: `José García ${tag}`, stage: "Discovery" });
    await makeLead({ name: `Jose Garcia Won ${tag}`, stage: "Won" });
    const byPlain = await callRoute(listLeads, {
      path: `/api/crm/leads?q=garcia%20${tag}`,
      cookie,
    });
    expect(byPlain.json.leads.map((l: { id: string }) => l.id)).toContain(garcia.id);
    const byAccent = await callRoute(listLeads, {
      path: `/api/crm/leads?q=${encodeURIComponent(`JOSÉ`)}`,
      cookie,
    });
    expect(byAccent.json.leads.map((l: { id: string }) => l.id)).toContain(garcia.id);
    const byStage = await callRoute(listLeads, {
      path: `/api/crm/leads?q=${tag}&stage=Discovery`,
      cookie,
    });
    expect(byStage.json.leads.map((l: { id: string }) => l.id)).toEqual([garcia.id]);
  });

  it("searches e-mail and company too, and treats % and _ literally", async () => {
    const lead = await makeLead({ email: `ana_100%@acme-${Date.now()}.example.com` });
    const byEmail = await callRoute(listLeads, {
      path: `/api/crm/leads?q=${encodeURIComponent("ana_100%")}`,
      cookie,
    });
    expect(byEmail.json.leads.map((l: { id: string }) => l.id)).toContain(lead.id);
    const wildcard = await callRoute(listLeads, {
      path: `/api/crm/leads?q=${encodeURIComponent("%")}&stage=Lost`,
      cookie,
    });
    expect(wildcard.status).toBe(200);
  });

  it("answers bad list queries with 400", async () => {
    expect(
      (await callRoute(listLeads, { path: "/api/crm/leads?stage=Maybe", cookie })).status,
    ).toBe(400);
    expect(
      (await callRoute(listLeads, { path: "/api/crm/leads?cursor=garbage", cookie })).status,
    ).toBe(400);
    expect((await callRoute(listLeads, { path: "/api/crm/leads?sort=name", cookie })).status).toBe(
      400,
    );
  });

  it("creates a lead by hand with a name or an e-mail", async () => {
    const created = await callRoute(createLead, {
      method: "POST",
      path: "/api/crm/leads",
      body: { email: "nueva@example.org", company: "Nueva SL" },
      cookie,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      email: "nueva@example.org",
      stage: "Qualification",
      source: "manual",
    });
    const neither = await callRoute(createLead, {
      method: "POST",
      path: "/api/crm/leads",
      body: { company: "Nobody" },
      cookie,
    });
    expect(neither.status).toBe(400);
    expect(neither.json.error.fields.name).toBeDefined();
    const badEmail = await callRoute(createLead, {
      method: "POST",
      path: "/api/crm/leads",
      body: { email: "nope" },
      cookie,
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.error.fields.email).toBeDefined();
  });

  it("shows one lead with its latest questionnaire answers", async () => {
    const lead = await makeLead();
    await testDb().leadSubmission.create({
      data: {
        submissionId: `s-${lead.id}`,
        leadId: lead.id,
        source: "optin",
        lang: "es",
        answers: { budget: "$25k–$100k", areas: ["process automation"] },
      },
    });
    const result = await callRoute(getLead, {
      path: `/api/crm/leads/${lead.id}`,
      params: { id: lead.id },
      cookie,
    });
    expect(result.status).toBe(200);
    expect(result.json.answers).toEqual({ budget: "$25k–$100k", areas: ["process automation"] });
    expect(
      (
        await callRoute(getLead, {
          path: `/api/crm/leads/${MISSING_ID}`,
          params: { id: MISSING_ID },
          cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(getLead, {
          path: "/api/crm/leads/not-a-uuid",
          params: { id: "not-a-uuid" },
          cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe("moving a lead", () => {
  it("records a stage_change activity with the actor", async () => {
    const lead = await makeLead();
    const moved = await callRoute(moveLead, {
      method: "POST",
      path: `/api/crm/leads/${lead.id}/move?stage=Discovery`,
      params: { id: lead.id },
      cookie,
    });
    expect(moved.status).toBe(200);
    expect(moved.json.stage).toBe("Discovery");
    const timeline = await callRoute(getActivities, {
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      cookie,
    });
    expect(timeline.json[0]).toMatchObject({
      type: "stage_change",
      content: "Qualification → Discovery",
      actor: "Marta",
    });
  });

  it("rejects an unknown stage with 400 and an unknown lead with 404", async () => {
    const lead = await makeLead();
    expect(
      (
        await callRoute(moveLead, {
          method: "POST",
          path: `/api/crm/leads/${lead.id}/move?stage=Closed`,
          params: { id: lead.id },
          cookie,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await callRoute(moveLead, {
          method: "POST",
          path: `/api/crm/leads/${lead.id}/move`,
          params: { id: lead.id },
          cookie,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await callRoute(moveLead, {
          method: "POST",
          path: `/api/crm/leads/${MISSING_ID}/move?stage=Won`,
          params: { id: MISSING_ID },
          cookie,
        })
      ).status,
    ).toBe(404);
  });

  it("records nothing when the stage does not change (a retried move)", async () => {
    const lead = await makeLead({ stage: "Won" });
    await callRoute(moveLead, {
      method: "POST",
      path: `/api/crm/leads/${lead.id}/move?stage=Won`,
      params: { id: lead.id },
      cookie,
    });
    expect(await testDb().activity.count({ where: { leadId: lead.id } })).toBe(0);
  });
});

describe("activities", () => {
  it("adds a note (201) and lists the timeline newest first", async () => {
    const lead = await makeLead();
    const first = await callRoute(addActivity, {
      method: "POST",
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      body: { type: "note", content: "  Llamada inicial  " },
      cookie,
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ type: "note", content: "Llamada inicial", actor: "Marta" });
    await callRoute(addActivity, {
      method: "POST",
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      body: { type: "note", content: "Segunda" },
      cookie,
    });
    const timeline = await callRoute(getActivities, {
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      cookie,
    });
    expect(timeline.json.map((a: { content: string }) => a.content)).toEqual([
      "Segunda",
      "Llamada inicial",
    ]);
  });

  it("rejects blank content with 400 and an unknown lead with 404", async () => {
    const lead = await makeLead();
    const blank = await callRoute(addActivity, {
      method: "POST",
      path: `/api/crm/leads/${lead.id}/activities`,
      params: { id: lead.id },
      body: { type: "note", content: "   " },
      cookie,
    });
    expect(blank.status).toBe(400);
    expect(blank.json.error.fields.content).toBeDefined();
    const missing = await callRoute(addActivity, {
      method: "POST",
      path: `/api/crm/leads/${MISSING_ID}/activities`,
      params: { id: MISSING_ID },
      body: { type: "note", content: "x" },
      cookie,
    });
    expect(missing.status).toBe(404);
    expect(
      (
        await callRoute(getActivities, {
          path: `/api/crm/leads/${MISSING_ID}/activities`,
          params: { id: MISSING_ID },
          cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe("pipeline", () => {
  it("lists the stages in order with the number of leads in each", async () => {
    const before = await callRoute(getPipeline, { path: "/api/crm/pipeline", cookie });
    expect(before.json.stages).toEqual([...LEAD_STAGES]);
    await makeLead({ stage: "Negotiation" });
    const after = await callRoute(getPipeline, { path: "/api/crm/pipeline", cookie });
    expect(after.json.counts.Negotiation).toBe(before.json.counts.Negotiation + 1);
    expect(after.json.counts.Won).toBe(before.json.counts.Won);
  });
});

describe("tasks", () => {
  it("creates a task defaulting to todo and lists it with the lead's name", async () => {
    const lead = await makeLead({ name: "Lucía Fernández" });
    const created = await callRoute(createTask, {
      method: "POST",
      path: "/api/crm/tasks",
      body: { title: "Enviar propuesta", lead_id: lead.id },
      cookie,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      title: "Enviar propuesta",
      status: "todo",
      lead_id: lead.id,
      lead_name: "Lucía Fernández",
    });
    const list = await callRoute(listTasks, { path: "/api/crm/tasks", cookie });
    expect(list.json.tasks.find((t: { id: string }) => t.id === created.json.id)).toMatchObject({
      lead_name: "Lucía Fernández",
    });
  });

  it("rejects a missing title, an unknown lead and a bad status with 400", async () => {
    const lead = await makeLead();
    expect(
      (
        await callRoute(createTask, {
          method: "POST",
          path: "/api/crm/tasks",
          body: { title: " ", lead_id: lead.id },
          cookie,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await callRoute(createTask, {
          method: "POST",
          path: "/api/crm/tasks",
          body: { lead_id: lead.id },
          cookie,
        })
      ).status,
    ).toBe(400);
    const unknownLead = await callRoute(createTask, {
      method: "POST",
      path: "/api/crm/tasks",
      body: { title: "x", lead_id: MISSING_ID },
      cookie,
    });
    expect(unknownLead.status).toBe(400);
    expect(unknownLead.json.error.fields.lead_id).toBeDefined();
    expect(
      (
        await callRoute(createTask, {
          method: "POST",
          path: "/api/crm/tasks",
          body: { title: "x", lead_id: lead.id, status: "blocked" },
          cookie,
        })
      ).status,
    ).toBe(400);
  });

  it("changes a task's status, 400 for a bad status, 404 for an unknown task", async () => {
    const lead = await makeLead();
    const task = await makeTask(lead.id);
    const done = await callRoute(updateTask, {
      method: "PATCH",
      path: `/api/crm/tasks/${task.id}`,
      params: { id: task.id },
      body: { status: "done" },
      cookie,
    });
    expect(done.status).toBe(200);
    expect(done.json.status).toBe("done");
    expect(
      (
        await callRoute(updateTask, {
          method: "PATCH",
          path: `/api/crm/tasks/${task.id}`,
          params: { id: task.id },
          body: { status: "later" },
          cookie,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await callRoute(updateTask, {
          method: "PATCH",
          path: `/api/crm/tasks/${MISSING_ID}`,
          params: { id: MISSING_ID },
          body: { status: "done" },
          cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe("CSV export", () => {
  it("exports the filtered leads as UTF-8 with a BOM, accents intact", async () => {
    const tag = `csv${Date.now()}`;
    await makeLead({ name: `Íñigo Muñoz ${tag}`, company: "Añil, S.A." });
    const result = await callRoute(exportCsv, {
      path: `/api/crm/leads/export.csv?q=${tag}`,
      cookie,
    });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toContain("text/csv");
    expect(result.headers.get("content-disposition")).toMatch(
      /attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(result.text.charCodeAt(0)).toBe(0xfeff);
    const lines = result.text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("name,email,phone,company,industry,stage,source,lang,created_at,owner");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Íñigo Muñoz ${tag}`);
    expect(lines[1]).toContain('"Añil, S.A."');
  });

  it("neutralises values a spreadsheet would run as formulas", async () => {
    const tag = `inj${Date.now()}`;
    await makeLead({
      name: `=HYPERLINK("http://evil.example","${tag}")`,
      company: "+SUM(A1)",
      phone: "-1",
      industry: "@cmd",
    });
    const result = await callRoute(exportCsv, {
      path: `/api/crm/leads/export.csv?q=${tag}`,
      cookie,
    });
    const row = result.text.trim().split("\r\n")[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag}"")"`);
    expect(row).toContain("'+SUM(A1)");
    expect(row).toContain("'-1");
    expect(row).toContain("'@cmd");
  });
});
