// Alerts and the outbox end to end: an app instance of this suite's own (its database, port and a
// real SMTP server on loopback, so the e-mails can be read), a worker inside it as in production.
// A lead sent on /optin reaches its owner's inbox with a link that opens it in the CRM; a client's
// first look at a shared proposal reaches its author; a message that failed while the mail server
// was down is delivered by 'Retry now' once the server is back.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type BrowserContext,
} from "@playwright/test";
import { QUESTIONNAIRE_STEPS } from "@/components/leads/questionnaire-steps";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";
import { applyMigrations } from "@/scripts/db/migrations";
import { createFreshDatabase, type FreshDatabase } from "../../support/database";
import { startCaptureSmtp } from "../../support/smtp";
import { startProductionServer, waitUntilServing } from "../support/production-server";
import { answerStep } from "../support/questionnaire";
import { signInOnLockScreen } from "../support/staff";

const PORT = Number(process.env.E2E_PORT || 3100) + 410;
const SMTP_PORT = Number(process.env.E2E_PORT || 3100) + 411;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const TEAM = "equipo@avanza.example";
const PASSWORD = "alerts-e2e-password";
const OWNER = { email: "olga.owner@avanza.example", name: "Olga Owner" };
const SELLER = { email: "sofia.ventas@avanza.example", name: "Sofía Ventas" };

let database: FreshDatabase;
let prisma: PrismaClient;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let app: ChildProcess;
let api: APIRequestContext;

test.describe.configure({ mode: "serial" });

function startApp(databaseUrl: string): ChildProcess {
  return startProductionServer(PORT, {
    DATABASE_URL: databaseUrl,
    SITE_URL: BASE_URL,
    SESSION_SECRET: "alerts-e2e-session-secret-long-enough-00000",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    SALES_NOTIFY_EMAIL: TEAM,
    // A worker that looks often and retries soon, so the suite does not wait minutes.
    JOBS_POLL_MS: "200",
    JOBS_RETRY_BASE_SECONDS: "1",
    MAIL_MAX_ATTEMPTS: "2",
    ANALYTICS_RATE_LIMIT_PER_ADDRESS: "100000",
    ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "100000",
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await createFreshDatabase();
  await applyMigrations(database.url, { log: () => {} });
  prisma = createPrismaClient(database.url);
  const passwordHash = await hash(PASSWORD);
  // The owner writes in English; the seller has signed in but never changed the staff language (Spanish, the default).
  // Better Auth's credential rows hold the argon2id hash (docs/decisions/005-staff-accounts.md).
  // Its `accountId` is the account's own id, as Better Auth writes a credential.
  const credential = (id: string) => ({
    create: {
      id: randomUUID(),
      providerId: "credential",
      providerAccountId: id,
      password: passwordHash,
    },
  });
  const ownerId = randomUUID();
  const sellerId = randomUUID();
  await prisma.staffAccount.create({
    data: { ...OWNER, id: ownerId, role: "owner", lang: "en", credentials: credential(ownerId) },
  });
  await prisma.staffAccount.create({
    data: {
      ...SELLER,
      id: sellerId,
      role: "sales",
      // She has signed in before (the round-robin skips accounts that never did).
      lastSignInAt: new Date(),
      credentials: credential(sellerId),
    },
  });
  smtp = await startCaptureSmtp({ port: SMTP_PORT });
  app = startApp(database.url);
  await waitUntilServing(BASE_URL);
  api = await playwrightRequest.newContext({ baseURL: BASE_URL });
});

test.afterAll(async () => {
  await api?.dispose();
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGINT");
    await exited;
  }
  await smtp?.stop();
  await prisma?.$disconnect();
  await database?.dispose();
});

/** Every message to `to` whose subject contains `text`, so far. */
const mailTo = (to: string, text: string) =>
  smtp.messages.filter((m) => m.to.includes(to) && (m.parsed.subject ?? "").includes(text));

/** Waits for a message to `to` whose subject contains `text` to reach the SMTP server; returns every such message. */
async function inbox(to: string, text: string) {
  // Looked at often: the server holds the message in memory, reading it costs nothing.
  await expect
    .poll(() => mailTo(to, text).length, { timeout: 20_000, intervals: [100] })
    .toBeGreaterThan(0);
  return mailTo(to, text);
}

/** Signs `context` in on this spec's own server, through the API (as the lock screen's request does). */
async function signIn(context: BrowserContext, email: string) {
  const answer = await context.request.post(`${BASE_URL}/api/crm/auth`, {
    data: { email, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(answer.status()).toBe(200);
}

async function staffCookie(email: string): Promise<string> {
  const response = await api.post("/api/crm/auth", {
    data: { email, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(response.status()).toBe(200);
  return response.headers()["set-cookie"]!.split(";")[0]!;
}

test("a lead sent on /optin reaches its owner's inbox with its link, and the link opens it in the CRM", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `lucia.${Date.now().toString(36)}@example.com`;
  await page.goto(`${BASE_URL}/optin`);
  await page.getByRole("button", { name: "Get Started" }).click();
  for (let step = 0; step < QUESTIONNAIRE_STEPS.length; step++) await answerStep(page, step, email);
  await expect(page.getByText("Thanks — we'll be in touch shortly.")).toBeVisible();

  // The only sales account gets the lead in turn, so the alert is hers, in Spanish (her language so far).
  const [alert, ...more] = await inbox(SELLER.email, "Lucía Fernández");
  expect(more).toHaveLength(0);
  expect(alert!.parsed.subject).toBe("Nuevo lead: Lucía Fernández · Clínica Norte");
  expect(smtp.messages.filter((m) => m.to.includes(TEAM))).toHaveLength(0);
  // The alert opens the lead's own page (docs/product.md#lead-page).
  const link = /https?:\/\/\S+\/crm\/leads\/[0-9a-f-]{36}/.exec(alert!.parsed.text ?? "")?.[0];
  expect(link).toBeDefined();
  expect(link!.startsWith(`${BASE_URL}/crm/leads/`)).toBe(true);

  await page.goto(link!);
  await signInOnLockScreen(page, { email: SELLER.email, password: PASSWORD });
  await expect(page.getByRole("heading", { level: 1, name: "Lucía Fernández" })).toBeVisible();
  await expect(page.getByRole("link", { name: email })).toBeVisible();
  // She signed in in English, so that is her language now: her next e-mails are written in it.
  await expect
    .poll(
      async () =>
        (await prisma.staffAccount.findUniqueOrThrow({ where: { email: SELLER.email } })).lang,
    )
    .toBe("en");
});

test("a client's first look at a shared proposal reaches its author, once", async ({ browser }) => {
  const cookie = await staffCookie(OWNER.email);
  const title = `Recepcionista IA ${Date.now().toString(36)}`;
  const created = await api.post("/api/crm/proposals", {
    headers: { cookie, origin: BASE_URL },
    data: {
      data: {
        title,
        client: { name: "Autos Caribe", contactEmail: "compras@autos-caribe.example" },
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  const shared = await api.post(`/api/crm/proposals/${id}/share`, {
    headers: { cookie, origin: BASE_URL },
  });
  expect(shared.status()).toBe(200);

  const client = await browser.newContext();
  const page = await client.newPage();
  await page.goto(`${BASE_URL}/proposals/ai-generated/${token}`);
  await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();
  const [alert, ...more] = await inbox(OWNER.email, title);
  expect(more).toHaveLength(0);
  // The author uses the staff tools in English.
  expect(alert!.parsed.subject).toBe(`Autos Caribe opened your proposal “${title}”`);
  expect(alert!.parsed.text).toContain(`${BASE_URL}/proposal/db/${id}`);
  // A second look is not news. A view and its alert job commit together, so once the page is served
  // the queue holds whatever it caused: the proposal's one alert job, done, and its one e-mail, sent
  // (waited for, instead of a pause for a second one that should not come).
  await page.reload();
  await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();
  await expect
    .poll(async () =>
      (
        await prisma.job.findMany({
          where: { kind: "alert.proposal_opened", payload: { path: ["proposalId"], equals: id } },
        })
      ).map((job) => job.status),
    )
    .toEqual(["done"]);
  await expect
    .poll(async () =>
      (
        await prisma.mailMessage.findMany({ where: { proposalId: id, kind: "proposal_opened" } })
      ).map((mail) => mail.status),
    )
    .toEqual(["sent"]);
  expect(mailTo(OWNER.email, title)).toHaveLength(1);
  await client.close();
});

test("the outbox shows a message that failed while the mail server was down, and 'Retry now' delivers it once it is back", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cookie = await staffCookie(OWNER.email);
  const created = await api.post("/api/crm/proposals", {
    headers: { cookie, origin: BASE_URL },
    data: { data: { title: "Propuesta sin servidor", client: { name: "Hotel Sol" } } },
  });
  const { id } = (await created.json()) as { id: string };
  await smtp.stop();
  const to = `reservas.${Date.now().toString(36)}@hotel-sol.example`;
  const sent = await api.post("/api/crm/send-email", {
    headers: { cookie, origin: BASE_URL },
    data: { proposal_id: id, to_email: to, subject: "Su propuesta" },
  });
  expect(sent.status()).toBe(202);
  const { message_id: messageId } = (await sent.json()) as { message_id: string };
  // Two attempts a second apart, then failed.
  await expect
    .poll(
      async () => (await prisma.mailMessage.findUniqueOrThrow({ where: { id: messageId } })).status,
      { timeout: 30_000 },
    )
    .toBe("failed");

  await signIn(page.context(), OWNER.email);
  await page.goto(`${BASE_URL}/crm/outbox`);
  const row = page.getByRole("listitem").filter({ hasText: to });
  await expect(row.getByText("Failed", { exact: true })).toBeVisible();
  // Both attempts were made: the outbox marks it retried.
  await expect(row.getByTestId("outbox-retried")).toHaveText("Retried");
  await expect(row.getByText(/Mail server's answer: .*ECONNREFUSED/)).toBeVisible();

  smtp = await startCaptureSmtp({ port: SMTP_PORT });
  await row.getByRole("button", { name: "Retry now" }).click();
  const [delivered, ...more] = await inbox(to, "Su propuesta");
  expect(more).toHaveLength(0);
  expect(delivered!.parsed.text).toContain("Hotel Sol");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  // Delivered once: its one delivery job has run and is done, so nothing sends it again.
  await expect
    .poll(
      async () =>
        (await prisma.job.findUniqueOrThrow({ where: { key: `mail:${messageId}` } })).status,
    )
    .toBe("done");
  expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
});

test("staff turn a proposal's client reminder off and on from its page", async ({ page }) => {
  const cookie = await staffCookie(OWNER.email);
  const created = await api.post("/api/crm/proposals", {
    headers: { cookie, origin: BASE_URL },
    data: { data: { title: "Propuesta con recordatorio", client: { name: "Hotel Luna" } } },
  });
  const { id } = (await created.json()) as { id: string };
  const reminders = async () =>
    (await prisma.proposal.findUniqueOrThrow({ where: { id } })).remindersEnabled;

  await signIn(page.context(), OWNER.email);
  await page.goto(`${BASE_URL}/proposal/db/${id}`);
  const box = page.getByRole("checkbox", {
    name: "Remind the client by e-mail 3 days before the link expires (once, if still unsigned)",
  });
  await expect(box).toBeChecked();
  // The box shows the stored setting: it changes once the server has it.
  await box.click();
  await expect(page.getByTestId("proposal-staff-feedback")).toHaveText(
    "No reminder will be sent for this proposal.",
  );
  await expect.poll(reminders).toBe(false);
  await page.reload();
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(page.getByTestId("proposal-staff-feedback")).toHaveText(
    "The client will get a reminder 3 days before the link expires.",
  );
  await expect(box).toBeChecked();
  await expect.poll(reminders).toBe(true);
});
