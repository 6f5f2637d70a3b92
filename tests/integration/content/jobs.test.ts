import { beforeAll, describe, expect, it } from "vitest";
import { POST as closeJob } from "@/app/api/content/jobs/[id]/close/route";
import { POST as openJob } from "@/app/api/content/jobs/[id]/open/route";
import { POST as restoreRevision } from "@/app/api/content/jobs/[id]/revisions/[rev]/restore/route";
import { GET as listRevisions } from "@/app/api/content/jobs/[id]/revisions/route";
import { GET as getJob, PATCH as patchJob } from "@/app/api/content/jobs/[id]/route";
import { GET as listJobs, POST as createJob } from "@/app/api/content/jobs/route";
import { GET as sitemap } from "@/app/sitemap-xml/route";
import { findPublicJob, listedJobs, openJobs } from "@/lib/careers/careers.service";
import { isJobOpen } from "@/lib/careers/jobs";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookie } from "../../support/staff";

let manager: string;
let sales: string;

beforeAll(async () => {
  [manager, sales] = await Promise.all([
    staffCookie({ role: "manager", name: "Marta Empleos" }),
    staffCookie({ role: "sales", name: "Sergio Ventas" }),
  ]);
});

const unique = () => Math.random().toString(36).slice(2, 8);
const text = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  team: "Producto",
  location: "Remoto",
  type: "Tiempo completo",
  summary: "Diseña las herramientas de nuestros clientes.",
  sections: { tasks: ["Entrevistar a clientes."], requirements: ["Tres años de diseño."] },
  ...extra,
});

async function create(body: Record<string, unknown>, cookie = manager) {
  return callRoute(createJob, { method: "POST", path: "/api/content/jobs", body, cookie });
}

const action = (handler: typeof openJob, verb: "open" | "close", id: string, cookie = manager) =>
  callRoute(handler, {
    method: "POST",
    path: `/api/content/jobs/${id}/${verb}`,
    params: { id },
    cookie,
  });

const patch = (id: string, body: unknown, cookie = manager) =>
  callRoute(patchJob, {
    method: "PATCH",
    path: `/api/content/jobs/${id}`,
    params: { id },
    body,
    cookie,
  });

describe("the four roles that came from code", () => {
  it("are open records at the same addresses, with the same words in both languages and the same facts", async () => {
    const open = await openJobs();
    expect(open.map((job) => job.id)).toEqual(
      expect.arrayContaining([
        "customer-success-manager",
        "content-creator-social-media",
        "video-editor",
        "ai-software-developer",
      ]),
    );
    const editor = (await findPublicJob("video-editor"))!;
    expect(editor).toMatchObject({
      status: "open",
      datePosted: "2025-09-01",
      employmentType: "FULL_TIME",
      apply: { kind: "email", subject: "Video Editor" },
      image: { src: "/images/careers/video-editor.svg" },
    });
    expect(editor.salary).toBeUndefined();
    expect(editor.texts.en).toMatchObject({ title: "Video Editor", team: "Content" });
    expect(editor.texts.es).toMatchObject({ title: "Editor/a de Vídeo", team: "Contenido" });
    expect(editor.texts.en!.dealBreakers).toHaveLength(3);
    expect(editor.texts.en!.tasks[0]).toBe(
      "Edit 8 to 12 videos a month, from 30-second clips to 10-minute case studies.",
    );
    const developer = (await findPublicJob("ai-software-developer"))!;
    expect(developer.salary).toEqual({ currency: "USD", min: 90000, max: 150000, unit: "YEAR" });
    expect(developer.learningBudget).toEqual({ currency: "USD", amount: 2000 });
    expect(developer.texts.es!.skills).toHaveLength(5);
    expect(developer.texts.en!.education[0]).toMatch(/^Bachelor's degree in Computer Science/);
  });
});

describe("writing jobs", () => {
  it("lets any staff member read, and only managers and owners create, change, open and close", async () => {
    const id = `rol-${unique()}`;
    const refused = await create({ id, translations: { es: text("Diseñador/a") } }, sales);
    expect(refused.status).toBe(403);
    expect(await testDb().jobPosting.count({ where: { id } })).toBe(0);

    const created = await create({ id, translations: { es: text("Diseñador/a") } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      id,
      status: "draft",
      revision: 1,
      apply: { email_subject: "Diseñador/a" },
      date_posted: null,
    });

    const listed = await callRoute(listJobs, {
      path: "/api/content/jobs?status=draft",
      cookie: sales,
    });
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((job: { id: string }) => job.id)).toContain(id);
    const read = await callRoute(getJob, {
      path: `/api/content/jobs/${id}`,
      params: { id },
      cookie: sales,
    });
    expect(read.status).toBe(200);

    expect((await patch(id, { revision: 1, closing_date: "2030-01-31" }, sales)).status).toBe(403);
    expect((await action(openJob, "open", id, sales)).status).toBe(403);
    expect((await action(closeJob, "close", id, sales)).status).toBe(403);
    const signedOut = await callRoute(listJobs, { path: "/api/content/jobs" });
    expect(signedOut.status).toBe(401);
  });

  it("refuses bad input with 400s naming the field, a taken address with 409 and a stale revision with 409", async () => {
    for (const id of ["con espacio", "../etc", "a/b", "blog", "Mayus"]) {
      const bad = await create({ id, translations: { es: text("X") } });
      expect(bad.status, id).toBe(400);
      expect(Object.keys(bad.json.error.fields ?? {}), id).toContain("id");
    }
    const id = `rol-${unique()}`;
    const noLanguage = await create({ id, translations: {} });
    expect(noLanguage.status).toBe(400);
    const badSalary = await create({
      id,
      translations: { en: text("Designer") },
      salary: { currency: "USD", min: 90000, max: 50000 },
    });
    expect(badSalary.status).toBe(400);
    const badUrl = await create({
      id,
      translations: { en: text("Designer") },
      apply: { url: "javascript:alert(1)" },
    });
    expect(badUrl.status).toBe(400);
    const unknownField = await create({
      id,
      translations: { en: text("Designer", { html: "<b>" }) },
    });
    expect(unknownField.status).toBe(400);

    expect((await create({ id, translations: { en: text("Designer") } })).status).toBe(201);
    const taken = await create({ id, translations: { en: text("Other") } });
    expect(taken.status).toBe(409);

    const backwards = await patch(id, {
      revision: 1,
      date_posted: "2030-02-01",
      closing_date: "2030-01-01",
    });
    expect(backwards.status).toBe(400);
    const first = await patch(id, { revision: 1, translations: { en: { summary: "First." } } });
    expect(first.status, first.text).toBe(200);
    const stale = await patch(id, { revision: 1, translations: { en: { title: "Second" } } });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: "changed", fields: { revision: ["2"] } });
    expect((await patch("no-such-role", { revision: 1 })).status).toBe(404);
    expect((await action(openJob, "open", "no-such-role")).status).toBe(404);
    const revisions = await testDb().jobPostingRevision.findMany({ where: { jobId: id } });
    expect(revisions.map((revision) => revision.revision).sort()).toEqual([1, 2]);
  });

  it("opens a job only when every language it is written in has a title and a summary", async () => {
    const id = `rol-${unique()}`;
    await create({
      id,
      translations: { es: text("Diseñador/a"), en: text("Designer", { summary: "" }) },
    });
    const refused = await action(openJob, "open", id);
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toHaveProperty(["translations.en.summary"]);
  });
});

describe("an open and then closed job on the public site", () => {
  it("is listed in its languages with its record's dates, then closed: off the list and the sitemap, its page kept", async () => {
    const id = `rol-${unique()}`;
    await create({
      id,
      translations: { en: text("Product Designer", { summary: "Design our tools." }) },
      date_posted: "2026-10-05",
      closing_date: "2099-12-31",
    });
    expect(await findPublicJob(id)).toBeNull();

    const opened = await action(openJob, "open", id);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json).toMatchObject({ status: "open", date_posted: "2026-10-05" });
    const job = (await findPublicJob(id))!;
    expect(job).toMatchObject({ datePosted: "2026-10-05", validThrough: "2099-12-31" });
    expect(isJobOpen(job)).toBe(true);
    // Written in English only: the Spanish careers page does not list it.
    expect((await listedJobs("en")).map((listed) => listed.id)).toContain(id);
    expect((await listedJobs("es")).map((listed) => listed.id)).not.toContain(id);
    let xml = await (await sitemap()).text();
    expect(xml).toContain(`/en/careers/${id}</loc>`);
    expect(xml).not.toContain(`.example/careers/${id}</loc>`);

    const closed = await action(closeJob, "close", id);
    expect(closed.status).toBe(200);
    expect(closed.json.status).toBe("closed");
    const afterwards = (await findPublicJob(id))!;
    expect(afterwards.status).toBe("closed");
    expect(isJobOpen(afterwards)).toBe(false);
    expect((await listedJobs("en")).map((listed) => listed.id)).not.toContain(id);
    xml = await (await sitemap()).text();
    expect(xml).not.toContain(`/careers/${id}<`);
  });
});

const revisions = (id: string, cookie = manager) =>
  callRoute(listRevisions, {
    path: `/api/content/jobs/${id}/revisions`,
    params: { id },
    cookie,
  });

const restore = (id: string, rev: number | string, cookie = manager) =>
  callRoute(restoreRevision, {
    method: "POST",
    path: `/api/content/jobs/${id}/revisions/${rev}/restore`,
    params: { id, rev: String(rev) },
    cookie,
  });

describe("a job's revisions", () => {
  it("keeps every change with who and when, readable by any staff member, restorable only by managers and owners", async () => {
    const id = `historia-${unique()}`;
    expect((await create({ id, translations: { es: text("Primera versión") } })).status).toBe(201);
    expect((await action(openJob, "open", id)).status).toBe(200);
    const edited = await patch(id, {
      revision: 2,
      closing_date: "2030-01-31",
      translations: { es: text("Segunda versión") },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.revision).toBe(3);

    const history = await revisions(id, sales);
    expect(history.status).toBe(200);
    expect(history.json.data.map((entry: { revision: number }) => entry.revision)).toEqual([
      3, 2, 1,
    ]);
    expect(history.json.data[0]).toMatchObject({
      edited_by_name: "Marta Empleos",
      snapshot: { status: "open", closing_date: "2030-01-31" },
    });
    expect(history.json.data[2].snapshot.translations.es.title).toBe("Primera versión");

    // A sales user may read the history but not bring a revision back: nothing changes.
    expect((await restore(id, 1, sales)).status).toBe(403);
    expect(
      (
        await callRoute(listRevisions, {
          path: `/api/content/jobs/${id}/revisions`,
          params: { id },
        })
      ).status,
    ).toBe(401);
    expect(
      await testDb().jobPosting.findUnique({ where: { id }, select: { revision: true } }),
    ).toEqual({
      revision: 3,
    });

    // The manager restores revision 1: its words and facts, as revision 4; the job stays open.
    const restored = await restore(id, 1);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({
      revision: 4,
      status: "open",
      closing_date: null,
      translations: { es: { title: "Primera versión" } },
    });
    expect(restored.json.translations.en).toBeUndefined();
    const after = await revisions(id);
    expect(after.json.data[0]).toMatchObject({ revision: 4, edited_by_name: "Marta Empleos" });
    const listed = await listedJobs("es");
    expect(listed.find((job) => job.id === id)?.texts.es?.title).toBe("Primera versión");
  });

  it("tells an editor who saved over a restore that the job changed (409 with the current revision)", async () => {
    const id = `conflicto-${unique()}`;
    expect((await create({ id, translations: { es: text("Original") } })).status).toBe(201);
    expect((await patch(id, { revision: 1, translations: { es: text("Cambiado") } })).status).toBe(
      200,
    );
    expect((await restore(id, 1)).status).toBe(200);
    // The editor still had revision 2 open: their save is refused, and the restored words kept.
    const stale = await patch(id, { revision: 2, translations: { es: text("Encima") } });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: "changed", fields: { revision: ["3"] } });
    const read = await callRoute(getJob, {
      path: `/api/content/jobs/${id}`,
      params: { id },
      cookie: manager,
    });
    expect(read.json.translations.es.title).toBe("Original");
  });

  it("answers 404 for a revision or a job that does not exist, or a revision that is not a number", async () => {
    const id = `sin-revision-${unique()}`;
    expect((await create({ id, translations: { en: text("Role") } })).status).toBe(201);
    expect((await restore(id, 9)).status).toBe(404);
    expect((await restore(`no-such-job-${unique()}`, 1)).status).toBe(404);
    expect((await revisions(`no-such-job-${unique()}`)).status).toBe(404);
    // A malformed id names no record (lib/http/contract.ts).
    expect((await restore(id, "uno")).status).toBe(404);
  });

  it("restores the first revision the migration kept for a role that came from code", async () => {
    const before = await callRoute(getJob, {
      path: "/api/content/jobs/content-creator-social-media",
      params: { id: "content-creator-social-media" },
      cookie: manager,
    });
    const restored = await restore("content-creator-social-media", 1);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.revision).toBe(before.json.revision + 1);
    expect(restored.json.status).toBe("open");
    // Its words are the migration's, as they were: the same title, type and lists in both languages.
    expect(restored.json.translations).toEqual(before.json.translations);
  });
});
