// The seal end to end: an app instance of this suite's own (its database, port and a real SMTP server on
// loopback, so the client's e-mail can be read). The client signs on the link, downloads the sealed PDF,
// poppler's pdfsig finds its signature valid over the whole document, and the content fingerprint from the
// client's e-mail, typed into the verify page, matches. Screenshots of the verify page in both languages.
import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from "@playwright/test";
import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { createPrismaClient } from "@/lib/prisma-client";
import { applyMigrations } from "@/scripts/db/migrations";
import { createFreshDatabase, type FreshDatabase } from "../../support/database";
import { startCaptureSmtp } from "../../support/smtp";
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from "../support/constants";
import { startProductionServer, waitUntilServing } from "../support/production-server";
import { drawSignature } from "../support/signature";
import { staffApiCookie } from "../support/staff";

const PORT = Number(process.env.E2E_PORT || 3100) + 420;
const SMTP_PORT = Number(process.env.E2E_PORT || 3100) + 421;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CLIENT_EMAIL = "compras@repuestos-bravo.example";

let database: FreshDatabase;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let app: ChildProcess;
let api: APIRequestContext;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await createFreshDatabase();
  await applyMigrations(database.url, { log: () => {} });
  // The staff owner who makes and shares the proposal (Better Auth's credential row holds the argon2id hash).
  const prisma = createPrismaClient(database.url);
  const ownerId = randomUUID();
  await prisma.staffAccount.create({
    data: {
      id: ownerId,
      email: E2E_STAFF_EMAIL,
      name: "E2E Owner",
      role: "owner",
      credentials: {
        create: {
          id: randomUUID(),
          providerId: "credential",
          providerAccountId: ownerId,
          password: await hash(E2E_STAFF_PASSWORD),
        },
      },
    },
  });
  await prisma.$disconnect();
  smtp = await startCaptureSmtp({ port: SMTP_PORT });
  app = startProductionServer(PORT, {
    DATABASE_URL: database.url,
    SITE_URL: BASE_URL,
    SESSION_SECRET: "seal-e2e-session-secret-long-enough-000000",
    STAFF_OWNER_EMAIL: E2E_STAFF_EMAIL,
    STAFF_OWNER_PASSWORD: E2E_STAFF_PASSWORD,
    STAFF_OWNER_NAME: "E2E Owner",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    JOBS_POLL_MS: "200",
    ANALYTICS_RATE_LIMIT_PER_ADDRESS: "100000",
    ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: "100000",
  });
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
  await database?.dispose();
});

test("the server makes its sealing certificate when it starts, so no client's signature waits for a key", async () => {
  // Nothing but health checks has reached this instance: no signature, no verify page.
  const prisma = createPrismaClient(database.url);
  try {
    await expect.poll(() => prisma.signingCertificate.count(), { timeout: 30_000 }).toBe(1);
    const certificate = await prisma.signingCertificate.findFirstOrThrow();
    expect(certificate.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
  } finally {
    await prisma.$disconnect();
  }
});

test("client signs, the sealed PDF's signature is valid in pdfsig, the e-mailed content fingerprint matches on the verify page", async ({
  browser,
}, testInfo) => {
  test.slow();
  const headers = { origin: BASE_URL, cookie: await staffApiCookie(api, BASE_URL) };
  const created = await api.post("/api/crm/proposals", {
    headers,
    data: {
      data: {
        lang: "es",
        title: "Agente de voz para repuestos",
        client: { name: "Repuestos Bravo", contactEmail: CLIENT_EMAIL },
        kpis: ["Responder cada lead en menos de 1 minuto"],
        investment: {
          currency: "USD",
          items: [{ label: "Implementación", amount: "24,000" }],
          subtotal: "24,000",
        },
        terms: ["Validez de 30 días"],
      },
    },
  });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  expect((await api.post(`/api/crm/proposals/${id}/share`, { headers })).status()).toBe(200);

  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: "es-ES",
    acceptDownloads: true,
  });
  const client = await context.newPage();
  await client.goto(`/proposals/ai-generated/${token}`);
  await client.getByLabel("Nombre completo").fill("Ana Pérez");
  await client.getByLabel("Cargo").fill("Directora");
  await drawSignature(client);
  await client.getByRole("button", { name: "Guardar firma" }).click();
  const banner = client.getByTestId("signed-banner");
  await expect(banner).toBeVisible();

  const download = client.waitForEvent("download");
  await banner.getByRole("link", { name: "Descargar el PDF firmado" }).click();
  const file = (await (await download).path())!;
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  const pdfsig = spawnSync("pdfsig", ["-nocert", file], { encoding: "utf8" });
  expect(pdfsig.stdout).toContain("Signature is Valid");
  expect(pdfsig.stdout).toContain("Total document signed");

  // The client's confirmation e-mail, read from the SMTP server, prints the content fingerprint.
  const fingerprintInMail = () =>
    /contenido firmado: ([0-9a-f]{64})/.exec(
      smtp.messages.find((m) => m.to.includes(CLIENT_EMAIL) && m.parsed.attachments.length)?.parsed
        .text ?? "",
    )?.[1];
  // Looked at often: the server holds the message in memory, reading it costs nothing.
  await expect
    .poll(fingerprintInMail, { timeout: 30_000, intervals: [100] })
    .toMatch(/^[0-9a-f]{64}$/);
  const fingerprint = fingerprintInMail();

  for (const [lang, width] of [
    ["es", 360],
    ["es", 1366],
    ["en", 360],
    ["en", 1366],
  ] as const) {
    await client.setViewportSize({ width, height: 900 });
    await client.goto(`/proposals/verify?lang=${lang}`);
    await expect(client.getByTestId("certificate-fingerprint")).toHaveText(
      /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/,
    );
    await client
      .getByLabel(
        lang === "es"
          ? "SHA-256 del archivo o del contenido"
          : "SHA-256 of the file or of the content",
      )
      .fill(fingerprint!);
    await client
      .getByRole("button", { name: lang === "es" ? "Verificar" : "Verify", exact: true })
      .click();
    const outcome = client.getByTestId("verify-outcome");
    await expect(outcome).toContainText(
      lang === "es" ? "Este documento coincide" : "This document matches",
    );
    await expect(outcome).toContainText("America/New_York");
    await expect(outcome).toContainText("UTC");
    await expect(outcome).toContainText(
      lang === "es" ? "Coincide el contenido firmado" : "The signed content matches",
    );
    expect(
      await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await client.screenshot({
      path: testInfo.outputPath(`verify-${lang}-${width}.png`),
      fullPage: true,
    });
  }
  await context.close();
});
