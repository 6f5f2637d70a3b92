import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LeadStage, TaskStatus } from "@/lib/generated/prisma/enums";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";
import { seedDemoData } from "@/scripts/db/seed-data";
import { createMigratedDatabase, type FreshDatabase } from "@/tests/support/database";

// Its own database: the shared one must stay empty for tests that count rows.
describe("seedDemoData", () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let firstRun: { created: number };
  let secondRun: { created: number };
  let countsAfterFirstRun: number[];

  const countRows = async () => [
    await prisma.lead.count(),
    await prisma.activity.count(),
    await prisma.task.count(),
    await prisma.leadSubmission.count(),
  ];

  beforeAll(async () => {
    database = await createMigratedDatabase();
    prisma = createPrismaClient(database.url);
    firstRun = await seedDemoData(prisma);
    countsAfterFirstRun = await countRows();
    secondRun = await seedDemoData(prisma);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.dispose();
  });

  it("creates a few dozen leads with their history the first time", () => {
    expect(firstRun.created).toBeGreaterThanOrEqual(30);
    expect(countsAfterFirstRun).toEqual([
      firstRun.created,
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(countsAfterFirstRun[1]).toBeGreaterThan(firstRun.created);
  });

  it("adds nothing when run again", async () => {
    expect(secondRun).toEqual({ created: 0 });
    expect(await countRows()).toEqual(countsAfterFirstRun);
  });

  it("does not duplicate a demo lead whose e-mail is already taken", async () => {
    const lead = await prisma.lead.findFirstOrThrow({ where: { email: "ana.perez@example.org" } });
    await prisma.lead.delete({ where: { id: lead.id } });
    await prisma.lead.create({
      data: { name: "Ana Pérez (real)", email: "ana.perez@example.org" },
    });

    expect(await seedDemoData(prisma)).toEqual({ created: 0 });
    expect(await prisma.lead.count({ where: { email: "ana.perez@example.org" } })).toBe(1);
  });

  it("covers every stage and every task status", async () => {
    const stages = await prisma.lead.groupBy({ by: ["stage"], _count: true });
    expect(stages.map((row) => row.stage).sort()).toEqual(Object.values(LeadStage).sort());

    const statuses = await prisma.task.groupBy({ by: ["status"], _count: true });
    expect(statuses.map((row) => row.status).sort()).toEqual(Object.values(TaskStatus).sort());
  });

  it("includes the awkward cases: accents, no company, no name", async () => {
    const leads = await prisma.lead.findMany({
      select: { name: true, company: true, email: true },
    });

    expect(leads.some((lead) => lead.name && /[áéíóúñüÁÉÍÓÚÑ]/.test(lead.name))).toBe(true);
    expect(leads.some((lead) => lead.name !== null && lead.company === null)).toBe(true);
    expect(leads.some((lead) => lead.name === null && lead.email !== null)).toBe(true);
  });

  it("keeps the questionnaire answers of leads who came through the site", async () => {
    const optin = await prisma.lead.findFirstOrThrow({
      where: { email: "nono@iniguez.example" },
      select: { submissions: { select: { answers: true, source: true } } },
    });
    expect(optin.submissions).toEqual([
      {
        source: "optin",
        answers: expect.objectContaining({
          budget: expect.any(String),
          areas: expect.any(Array),
          preferred_contact: expect.any(String),
        }),
      },
    ]);
    const manual = await prisma.lead.findFirstOrThrow({
      where: { source: "manual" },
      select: { submissions: true },
    });
    expect(manual.submissions).toEqual([]);
  });

  it("uses only reserved example domains for e-mails", async () => {
    const leads = await prisma.lead.findMany({
      where: { email: { not: null } },
      select: { email: true },
    });

    for (const { email } of leads)
      expect(email).toMatch(/@([a-z0-9-]+\.)*(example\.(com|org|net)|[a-z0-9-]+\.example)$/);
  });

  it("records stage changes, notes and opt-ins with their actors", async () => {
    const types = await prisma.activity.groupBy({ by: ["type"], _count: true });
    expect(types.map((row) => row.type).sort()).toEqual(["note", "optin", "stage_change"]);

    const move = await prisma.activity.findFirst({
      where: { type: "stage_change", content: "Qualification → Discovery" },
    });
    expect(move?.actor).toBeTruthy();
  });

  it("spreads creation dates over the last 90 days", async () => {
    const { _min, _max } = await prisma.lead.aggregate({
      _min: { createdAt: true },
      _max: { createdAt: true },
    });
    const now = Date.now();

    expect(_max.createdAt!.getTime()).toBeLessThanOrEqual(now);
    expect(now - _min.createdAt!.getTime()).toBeLessThanOrEqual(91 * 24 * 60 * 60 * 1000);
    expect(now - _min.createdAt!.getTime()).toBeGreaterThan(60 * 24 * 60 * 60 * 1000);
  });
});
