// With SMTP configured: the invite and "forgot password" links go by e-mail (through a real SMTP server on
// loopback), each single-use; a forgotten password gets a 30-minute link, and the answer never tells
// whether the e-mail has an account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as invite } from "@/app/api/staff/accounts/route";
import { POST as setPassword } from "@/app/api/staff/password/route";
import { POST as forgot } from "@/app/api/staff/password-reset/route";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { startCaptureSmtp } from "../../support/smtp";
import { makeStaffAccount, signInCookie, staffCookie } from "../../support/staff";

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp?.stop();
});

const linkIn = (text: string) => text.match(/https?:\/\/\S+\/crm\/password\?token=([\w-]+)/)![1]!;

describe("staff e-mail", () => {
  it("sends the invite link instead of returning it", async () => {
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
    const message = smtp.messages.find((m) => m.to.includes(email))!;
    expect(message.parsed.text).toContain("7 days");
    const token = linkIn(message.parsed.text!);
    const set = await callRoute(setPassword, {
      method: "POST",
      path: "/api/staff/password",
      body: { token, password: "chosen-by-me-1" },
    });
    expect(set.status).toBe(200);
    await signInCookie({ email, password: "chosen-by-me-1" });
  });

  it("mails a single-use 30-minute reset link, answering the same for an unknown e-mail", async () => {
    const account = await makeStaffAccount({ role: "manager" });
    const ask = (email: string) =>
      callRoute(forgot, { method: "POST", path: "/api/staff/password-reset", body: { email } });
    const known = await ask(account.email.toUpperCase());
    const unknown = await ask("nobody-here@staff.test");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
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
      });
    expect((await use("reset-password-1")).status).toBe(200);
    expect((await use("reset-password-2")).status).toBe(410);
    await signInCookie({ email: account.email, password: "reset-password-1" });
  });
});
