// With SMTP configured: the invite and "forgot password" links are queued in the outbox and delivered by
// the job worker (through a real SMTP server on loopback), each single-use, in the reader's staff
// language; a forgotten password gets a 30-minute link, and the answer never tells whether the e-mail
// has an account. A mail server that is down does not lose them: they arrive once it is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as invite } from "@/app/api/staff/accounts/route";
import { POST as setPassword } from "@/app/api/staff/password/route";
import { POST as forgot } from "@/app/api/staff/password-reset/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { testDb } from "../../support/factories";
import { cancelLeftoverMail } from "../../support/jobs";
import { callRoute } from "../../support/http";
import { startCaptureSmtp } from "../../support/smtp";
import { makeStaffAccount, signInCookie, staffCookie, uniqueAddress } from "../../support/staff";

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.JOBS_RETRY_BASE_SECONDS = "0.3";
  await cancelLeftoverMail();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.JOBS_RETRY_BASE_SECONDS;
  await smtp?.stop();
});

const linkIn = (text: string) => text.match(/https?:\/\/\S+\/crm\/password\?token=([\w-]+)/)![1]!;

describe("staff e-mail", () => {
  it("queues the invite link instead of returning it; the worker delivers it and the outbox keeps no live link", async () => {
    const owner = await staffCookie();
    const email = `mailed.${Date.now()}@staff.test`;
    const result = await callRoute(invite, {
      method: "POST",
      path: "/api/staff/accounts",
      cookie: owner,
      body: { email, name: "Mailed Person", role: "sales" },
    });
    expect(result.status).toBe(201);
    expect(result.json).toMatchObject({ email_sent: true, invite_url: null });
    // Queued, not sent while the request waited.
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
    const stored = await testDb().mailMessage.findUniqueOrThrow({
      where: { id: result.json.message_id },
    });
    expect(stored).toMatchObject({ kind: "staff_invite", toAddress: email, status: "queued" });
    await drainDueJobs();
    const delivered = smtp.messages.filter((m) => m.to.includes(email));
    expect(delivered).toHaveLength(1);
    const message = delivered[0]!;
    // The owner who invited uses the staff tools in Spanish (the default), so the invite is in Spanish.
    expect(message.parsed.text).toContain("7 días");
    const sent = await testDb().mailMessage.findUniqueOrThrow({
      where: { id: result.json.message_id },
    });
    expect(sent).toMatchObject({ status: "sent", bodyText: "", bodyHtml: "" });
    const token = linkIn(message.parsed.text!);
    const set = await callRoute(setPassword, {
      method: "POST",
      path: "/api/staff/password",
      body: { token, password: "chosen-by-me-1" },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(set.status).toBe(200);
    await signInCookie({ email, password: "chosen-by-me-1" });
  });

  it("queues a single-use 30-minute reset link in the account's language, answering the same for an unknown e-mail", async () => {
    const account = await makeStaffAccount({ role: "manager" });
    await testDb().staffAccount.update({ where: { id: account.id }, data: { lang: "en" } });
    const ask = (email: string) =>
      callRoute(forgot, { method: "POST", path: "/api/staff/password-reset", body: { email } });
    const known = await ask(account.email.toUpperCase());
    const unknown = await ask("nobody-here@staff.test");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    await drainDueJobs();
    expect(smtp.messages.filter((m) => m.to.includes("nobody-here@staff.test"))).toHaveLength(0);
    const message = smtp.messages.find((m) => m.to.includes(account.email))!;
    expect(message.parsed.text).toContain("30 minutes");
    const token = linkIn(message.parsed.text!);
    const row = await testDb().staffToken.findFirstOrThrow({
      where: { accountId: account.id, kind: "reset" },
    });
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
    const use = (password: string) =>
      callRoute(setPassword, {
        method: "POST",
        path: "/api/staff/password",
        body: { token, password },
        headers: { "x-forwarded-for": uniqueAddress() },
      });
    expect((await use("reset-password-1")).status).toBe(200);
    expect((await use("reset-password-2")).status).toBe(410);
    await signInCookie({ email: account.email, password: "reset-password-1" });
  });

  it("keeps a reset link whose mail server is down queued and delivers it, once, when the server is back", async () => {
    const account = await makeStaffAccount({ role: "sales" });
    await smtp.stop();
    const asked = await callRoute(forgot, {
      method: "POST",
      path: "/api/staff/password-reset",
      body: { email: account.email },
    });
    expect(asked.status).toBe(202);
    await drainDueJobs();
    const waiting = await testDb().mailMessage.findFirstOrThrow({
      where: { toAddress: account.email, kind: "staff_reset" },
    });
    expect(waiting.status).toBe("retrying");
    expect(waiting.lastError).toBeTruthy();

    smtp = await startCaptureSmtp({ port: smtp.port });
    // The retry is due (JOBS_RETRY_BASE_SECONDS is 0.3 s here).
    await new Promise((r) => setTimeout(r, 700));
    await drainDueJobs();
    expect(smtp.messages.filter((m) => m.to.includes(account.email))).toHaveLength(1);
    expect(
      (await testDb().mailMessage.findUniqueOrThrow({ where: { id: waiting.id } })).status,
    ).toBe("sent");
  });
});
