// Password links under attack (docs/product.md#lock-screen): a guessed link costs the server one lookup,
// never a password hash; each address gets a few uses of the link endpoints; and deactivating an
// account spends its open links, so a link issued before stays dead after a reactivation.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PATCH as patchAccount } from "@/app/api/staff/accounts/[id]/route";
import { POST as invite } from "@/app/api/staff/accounts/route";
import { POST as setPassword } from "@/app/api/staff/password/route";
import { POST as forgot } from "@/app/api/staff/password-reset/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { staffAuth } from "@/lib/staff/auth";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { startCaptureSmtp } from "../../support/smtp";
import {
  makeStaffAccount,
  signInCookie,
  staffCookie,
  uniqueAddress,
  type TestAccount,
} from "../../support/staff";

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
beforeAll(async () => {
  smtp = await startCaptureSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  // Nothing this file asked for is left for another file's worker.
  await drainDueJobs();
  delete process.env.SMTP_URL;
  await smtp?.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const spendLink = (token: string, password: string, address = uniqueAddress()) =>
  callRoute(setPassword, {
    method: "POST",
    path: "/api/staff/password",
    body: { token, password },
    headers: { "x-forwarded-for": address },
  });

const patchAs = (cookie: string, id: string, body: Record<string, unknown>) =>
  callRoute(patchAccount, {
    method: "PATCH",
    path: `/api/staff/accounts/${id}`,
    params: { id },
    cookie,
    body,
  });

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

/** The link in the last e-mail the capture server received for `to`. */
function linkIn(to: string): string {
  const mail = smtp.messages.findLast((message) => message.to.includes(to))!;
  return mail.parsed.text!.match(/\/crm\/password\?token=([\w-]+)/)![1]!;
}

/** An owner-issued 30-minute reset link for `account`. */
async function resetLinkFor(owner: string, account: TestAccount) {
  const issued = await patchAs(owner, account.id, { reset_password: true });
  expect(issued.status).toBe(200);
  return tokenOf(issued.json.reset_url);
}

describe("a guessed password link", () => {
  it("a reset link does not hash before it is checked", async () => {
    const hasher = (await staffAuth().$context).password;
    const hashes = vi.spyOn(hasher, "hash");
    const statuses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        spendLink(`guessed-link-${i}`.padEnd(43, "x"), "x".repeat(200)),
      ),
    );
    expect(statuses.map((result) => result.status)).toEqual(Array(15).fill(410));
    expect(hashes).not.toHaveBeenCalled();

    // A real link is hashed once, and works.
    const owner = await staffCookie({ role: "owner" });
    const account = await makeStaffAccount({ role: "sales" });
    const token = await resetLinkFor(owner, account);
    expect((await spendLink(token, "a-fresh-password-1")).status).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
    // Spent, it is refused before any hashing again.
    expect((await spendLink(token, "a-fresh-password-2")).status).toBe(410);
    expect(hashes).toHaveBeenCalledTimes(1);
  });
});

describe("link endpoints are rate limited", () => {
  it("an address gets 20 uses of password links in 15 minutes; another address is not affected", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 20; i++)
      expect((await spendLink(`guess-${i}`.padEnd(43, "y"), "long-enough-1", address)).status).toBe(
        410,
      );
    const refused = await spendLink("guess-20".padEnd(43, "y"), "long-enough-1", address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even a good link waits: the address is out of tries, whatever it sends.
    const owner = await staffCookie({ role: "owner" });
    const account = await makeStaffAccount();
    const token = await resetLinkFor(owner, account);
    expect((await spendLink(token, "long-enough-2", address)).status).toBe(429);
    expect((await spendLink(token, "long-enough-2", uniqueAddress())).status).toBe(200);
  });

  it("an address gets 5 reset requests in 15 minutes", async () => {
    const address = uniqueAddress();
    const ask = () =>
      callRoute(forgot, {
        method: "POST",
        path: "/api/staff/password-reset",
        body: { email: "nobody-asks@staff.test" },
        headers: { "x-forwarded-for": address },
      });
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(202);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("deactivation revokes open links", () => {
  it("a link issued before deactivation fails after reactivation", async () => {
    const owner = await staffCookie({ role: "owner" });
    const account = await makeStaffAccount({ role: "sales" });
    const before = await resetLinkFor(owner, account);
    expect((await patchAs(owner, account.id, { active: false })).status).toBe(200);
    expect((await patchAs(owner, account.id, { active: true })).status).toBe(200);
    expect((await spendLink(before, "taken-over-password")).status).toBe(410);
    // The old password still works; a link issued after the reactivation does too.
    await signInCookie(account);
    const after = await resetLinkFor(owner, account);
    expect((await spendLink(after, "my-new-password-1")).status).toBe(200);
    await signInCookie({ email: account.email, password: "my-new-password-1" });
  });

  it("an invite sent before deactivation fails after reactivation", async () => {
    const owner = await staffCookie({ role: "owner" });
    const email = `revoked.${Date.now()}@staff.test`;
    const invited = await callRoute(invite, {
      method: "POST",
      path: "/api/staff/accounts",
      cookie: owner,
      body: { email, name: "Revoked Invite", role: "sales" },
    });
    expect(invited.status).toBe(201);
    await drainDueJobs();
    const id: string = invited.json.account.id;
    expect((await patchAs(owner, id, { active: false })).status).toBe(200);
    expect((await patchAs(owner, id, { active: true })).status).toBe(200);
    expect((await spendLink(linkIn(email), "sneaky-password-1")).status).toBe(410);
  });

  it("a reset e-mail asked for before deactivation fails after reactivation", async () => {
    const owner = await staffCookie({ role: "owner" });
    const account = await makeStaffAccount({ role: "sales" });
    const asked = await callRoute(forgot, {
      method: "POST",
      path: "/api/staff/password-reset",
      body: { email: account.email },
      headers: { "x-forwarded-for": uniqueAddress() },
    });
    expect(asked.status).toBe(202);
    await drainDueJobs();
    const token = linkIn(account.email);
    expect((await patchAs(owner, account.id, { active: false })).status).toBe(200);
    expect((await patchAs(owner, account.id, { active: true })).status).toBe(200);
    expect((await spendLink(token, "taken-over-password")).status).toBe(410);
    expect(
      await testDb().staffToken.count({ where: { accountId: account.id, usedAt: null } }),
    ).toBe(0);
  });
});
