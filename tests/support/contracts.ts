// The endpoint contracts as the API tests walk them: each one's route module, and a valid request for
// it built on fixtures (the contracts' own body examples where they need no ids).
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { API_CONTRACTS } from "@/lib/api-docs/contracts";
import type { Contract, ContractMethod } from "@/lib/http/contract";
import { makeEvent } from "./analytics";
import { makeLead, makeTask, testDb } from "./factories";
import { proposalData } from "./proposals";
import { signaturePng } from "./signature-png";
import { makeStaffAccount } from "./staff";

export { API_CONTRACTS };
export type Handler = (
  request: import("next/server").NextRequest,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

const API_DIR = path.join(process.cwd(), "app/api");

/** app/api/crm/leads/[id]/route.ts for /api/crm/leads/{id}. */
export function routeFileOf(contract: Pick<Contract, "path">): string {
  return path.join(
    process.cwd(),
    "app",
    contract.path.slice(1).replace(/\{(\w+)\}/g, "[$1]"),
    "route.ts",
  );
}

/** Every route file under app/api, as OpenAPI paths ("/api/crm/leads/{id}"). */
export function routeFilePaths(dir = API_DIR): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFilePaths(full);
    if (entry !== "route.ts") return [];
    const relative = path.relative(API_DIR, dir).split(path.sep).join("/");
    return [`/api/${relative}`.replace(/\[(\w+)\]/g, "{$1}")];
  });
}

export async function handlerOf(contract: Contract): Promise<Handler> {
  const file = routeFileOf(contract);
  if (!existsSync(file)) throw new Error(`${contract.operationId}: no route file at ${file}`);
  const routeModule = (await import(file)) as Partial<Record<ContractMethod, Handler>>;
  return routeModule[contract.method]!;
}

/** The contracts by path, in declaration order: one route module each. */
export function contractsByPath(): Map<string, Contract[]> {
  const byPath = new Map<string, Contract[]>();
  for (const contract of API_CONTRACTS)
    byPath.set(contract.path, [...(byPath.get(contract.path) ?? []), contract]);
  return byPath;
}

export interface Fixtures {
  lead: string;
  task: string;
  proposal: string;
  /** A second shared proposal, for withdrawing (the first is signed). */
  spareProposal: string;
  token: string;
  account: string;
  /** The fixture proposal's current version (a signature must name it); refresh it after an edit. */
  version: number;
  /** A draft article in Spanish with a title and a body (publishable). */
  article: string;
  /** The fixture article's current revision (a change must name it); refresh it after an edit. */
  articleRevision: number;
  /** A meeting of the sales account with the fixture lead, a day past (its outcome can be recorded). */
  meeting: string;
  /** An inactive meeting type of its own (changing it touches no booking page). */
  meetingType: string;
  /** A draft job posting in English with a title and a summary (openable). */
  job: string;
  /** The fixture job's current revision; refresh it after an edit. */
  jobRevision: number;
}

/** A lead with a task, a shared proposal and a sales account: enough for a valid call of every endpoint. */
export async function makeFixtures(): Promise<Fixtures> {
  const account = await makeStaffAccount({ role: "sales" });
  const lead = await makeLead();
  const task = await makeTask(lead.id);
  const shared = () =>
    testDb().proposal.create({
      data: {
        token: randomBytes(32).toString("base64url"),
        data: proposalData(),
        status: "shared",
        sentAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
        leadId: lead.id,
      },
    });
  const [proposal, spare] = [await shared(), await shared()];
  const article = await makeArticle();
  const { meeting, meetingType } = await makeMeetingFixtures(account.id, lead.id);
  const job = await makeJobPosting();
  return {
    lead: lead.id,
    task: task.id,
    proposal: proposal.id,
    spareProposal: spare.id,
    token: proposal.token,
    account: account.id,
    version: proposal.version,
    article: article.id,
    articleRevision: article.revision,
    meeting,
    meetingType,
    job: job.id,
    jobRevision: job.revision,
  };
}

/** A type of its own and a meeting a day past with the lead, hosted by `hostId`. */
async function makeMeetingFixtures(hostId: string, leadId: string) {
  const type = await testDb().meetingType.create({
    data: {
      slug: `fixture-${randomBytes(4).toString("hex")}`,
      titleEs: "Sesión",
      titleEn: "Session",
      descriptionEs: "",
      descriptionEn: "",
      durationMinutes: 30,
      active: false,
    },
  });
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 86_400_000);
  const meeting = await testDb().meeting.create({
    data: {
      reference: `AV-${randomBytes(4).toString("hex").toUpperCase()}`,
      typeId: type.id,
      hostId,
      leadId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      name: "Lucía Fernández",
      email: "lucia@clinica-norte.example",
      lang: "es",
      timeZone: "Europe/Madrid",
    },
  });
  return { meeting: meeting.id, meetingType: type.id };
}

/** A draft job posting in English, with its first revision kept. */
export async function makeJobPosting(id = `puesto-${randomBytes(4).toString("hex")}`) {
  const translation = { title: "Product Designer", summary: "Design our tools." };
  return testDb().jobPosting.create({
    data: {
      id,
      applyEmailSubject: "Product Designer",
      translations: { create: [{ locale: "en", ...translation }] },
      revisions: {
        create: [{ revision: 1, snapshot: { status: "draft", translations: { en: translation } } }],
      },
    },
  });
}

/** A draft article in Spanish, written by nobody in particular, with its first revision kept. */
export async function makeArticle(slug = `articulo-${randomBytes(4).toString("hex")}`) {
  const translation = { title: "Un artículo", slug, excerpt: "Resumen.", body: "## Uno\n\nTexto." };
  return testDb().article.create({
    data: {
      translations: { create: [{ locale: "es", ...translation }] },
      revisions: {
        create: [
          {
            revision: 1,
            snapshot: { status: "draft", tags: [], translations: { es: translation } },
          },
        ],
      },
    },
  });
}

export interface ExampleRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

/** Bodies and queries that need fixture ids or fresh values; the rest come from the contracts. */
const EXAMPLES: Record<string, (ids: Fixtures) => Partial<ExampleRequest>> = {
  listLeads: () => ({ query: { stage: "Won", q: "lucia", sort: "value", won_period: "30d" } }),
  exportLeads: () => ({ query: { stage: "Qualification", q: "ana" } }),
  updateLead: (ids) => ({ body: { owner_id: ids.account } }),
  handOverMeeting: (ids) => ({ body: { host_id: ids.account } }),
  moveLead: () => ({ query: { stage: "Lost" }, body: { reason: "price" } }),
  getPipeline: () => ({ query: { won_period: "90d" } }),
  getBoard: () => ({ query: { won_period: "90d" } }),
  createTask: (ids) => ({ body: { title: "Llamar", lead_id: ids.lead } }),
  updateTask: (ids) => ({
    body: { status: "done", assignee_id: ids.account, due_date: "2026-12-31" },
  }),
  listProposals: (ids) => ({
    query: { status: "shared", author: ids.account, lead_id: ids.lead, q: "autos" },
  }),
  createProposal: () => ({ body: { data: proposalData() } }),
  updateProposal: () => ({ body: { data: proposalData() } }),
  sendProposalEmail: (ids) => ({
    body: { proposal_id: ids.proposal, to_email: "c@example.com", message: "Un saludo." },
  }),
  signSharedProposal: (ids) => ({
    body: {
      full_name: "Ana Pérez",
      role: "Directora",
      company: "Autos Caribe",
      date: "2026-11-22",
      image: signaturePng(),
      version: ids.version,
    },
  }),
  listOutbox: () => ({ query: { status: "failed" } }),
  listNotifications: () => ({ query: { unread: "1" } }),
  trackEvents: () => ({ body: makeEvent() }),
  getAnalyticsDashboard: () => ({ query: { range: "last7days" } }),
  getSalesReport: () => ({ query: { range: "last30days" } }),
  getForecast: () => ({ query: { owner: "me" } }),
  exportAnalyticsTable: () => ({ query: { range: "last7days", table: "funnel" } }),
  updateArticle: (ids) => ({
    body: { revision: ids.articleRevision, translations: { es: { excerpt: "Otro resumen." } } },
  }),
  listArticles: () => ({ query: { status: "draft", limit: "5" } }),
  // A fresh address each run: the contract's example address is taken after the first.
  createJob: () => ({
    body: {
      id: `puesto-${randomBytes(4).toString("hex")}`,
      translations: { en: { title: "Product Designer", summary: "Design our tools." } },
    },
  }),
  updateJob: (ids) => ({ body: { revision: ids.jobRevision, closing_date: dayAhead(90) } }),
  listJobs: () => ({ query: { status: "draft" } }),
  listMeetingSlots: () => ({
    query: { type: "strategy-session", from: dayAhead(1), to: dayAhead(14), tz: "Europe/Madrid" },
  }),
  // 10:00Z on a weekday three weeks ahead: inside the default hours (09:00–17:00 Madrid) all year.
  bookMeeting: () => ({
    body: {
      type: "strategy-session",
      start: weekdayAheadAt10Z(21),
      name: "Lucía Fernández",
      email: `lucia.${randomBytes(4).toString("hex")}@clinica-norte.example`,
      lang: "es",
      time_zone: "Europe/Madrid",
    },
  }),
  listStaffMeetings: () => ({ query: { host: "all" } }),
  createMeetingType: () => ({
    body: {
      slug: `review-${randomBytes(4).toString("hex")}`,
      title_es: "Revisión",
      title_en: "Review",
      duration_minutes: 30,
    },
  }),
  getBookingCalendarFile: () => ({
    query: { date: "2026-12-01", time: "10:00", service: "Demo", id: "AV-123456", lang: "en" },
  }),
};

/** The calendar date `days` from today (UTC). */
export const dayAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** 10:00Z on the first Monday to Friday at least `days` ahead. */
export function weekdayAheadAt10Z(days: number): string {
  const date = new Date(`${dayAhead(days)}T10:00:00.000Z`);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

function paramFor(contract: Contract, name: string, ids: Fixtures): string {
  if (name === "token") return ids.token;
  if (name === "file") return "santo-domingo-motors.pdf";
  if (name === "rev") return "1";
  if (contract.path.includes("/content/articles/")) return ids.article;
  if (contract.path.includes("/crm/meetings/")) return ids.meeting;
  if (contract.path.includes("/crm/meeting-types/")) return ids.meetingType;
  if (contract.path.includes("/content/jobs/")) return ids.job;
  if (contract.path.includes("/tasks/")) return ids.task;
  if (contract.path.includes("/accounts/")) return ids.account;
  if (contract.path.endsWith("/withdraw")) return ids.spareProposal;
  if (contract.path.includes("/proposals/")) return ids.proposal;
  if (contract.path.includes("/review/") || contract.path.includes("/outbox/"))
    return "00000000-0000-4000-8000-000000000000";
  return ids.lead;
}

/** A valid request for the contract: its ids from the fixtures, its body from the contract or the table. */
export function exampleFor(contract: Contract, ids: Fixtures): ExampleRequest {
  const params = Object.fromEntries(
    [...contract.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
      name!,
      paramFor(contract, name!, ids),
    ]),
  );
  const extra = EXAMPLES[contract.operationId]?.(ids) ?? {};
  const body = extra.body ?? contract.body?.example;
  return { params, query: extra.query ?? {}, ...(contract.body ? { body } : {}) };
}

/** The concrete path, with the ids in it and the query after it. */
export function urlOf(contract: Contract, request: Pick<ExampleRequest, "params" | "query">) {
  const pathname = contract.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(request.params[name]!),
  );
  const search = new URLSearchParams(request.query).toString();
  return search ? `${pathname}?${search}` : pathname;
}
