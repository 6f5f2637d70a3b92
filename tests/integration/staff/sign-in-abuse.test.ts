// Strangers cannot keep staff out (docs/product.md#lock-screen), written as the attacks: an address
// that is already refused cannot spend the team's global budget, and failures from other browsers
// (however many, from however many addresses) never hold back a browser that signed in to the account
// before. `npm run staff:unlock` gives a locked owner the account back from the command line.
import { spawnSync } from "node:child_process";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as signIn } from "@/app/api/crm/auth/route";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { makeStaffAccount, uniqueAddress, type TestAccount } from "../../support/staff";

const GLOBAL_PER_MINUTE = 30;
beforeAll(() => {
  // A small global budget (set before the app first reads its environment in this file).
  process.env.STAFF_SIGN_IN_PER_MINUTE = String(GLOBAL_PER_MINUTE);
});
beforeEach(async () => {
  await testDb().rateLimitCounter.deleteMany();
});

interface Browser {
  /** The device cookie this browser was given, as "name=value" (none until it signs in). */
  device?: string;
}

/** One sign-in attempt from a browser at an address; a success keeps the device cookie it was given. */
async function attempt(
  browser: Browser,
  address: string,
  account: { email: string; password: string },
) {
  const result = await callRoute(signIn, {
    method: "POST",
    path: "/api/crm/auth",
    body: { email: account.email, password: account.password },
    headers: { "x-forwarded-for": address },
    ...(browser.device ? { cookie: browser.device } : {}),
  });
  const device = result.setCookies.find((cookie) => cookie.startsWith("avanza_staff_device="));
  if (device) browser.device = device.split(";")[0]!;
  return result;
}

const wrong = (account: TestAccount) => ({ ...account, password: "a-wrong-password" });

/** Strangers' failures from fresh browsers and rotating addresses until the account is locked. */
async function lockOut(account: TestAccount) {
  for (let i = 0; i < 10; i++) {
    // Past the growing delay, as a patient attacker would be.
    await testDb().staffAccount.update({
      where: { id: account.id },
      data: { lastFailedAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    expect((await attempt({}, uniqueAddress(), wrong(account))).status).toBe(401);
  }
  const row = await testDb().staffAccount.findUniqueOrThrow({ where: { id: account.id } });
  expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
  // A new minute: what the lock-out spent of the budgets is not what the tests after it are about.
  await testDb().rateLimitCounter.deleteMany();
}

describe("one address cannot spend the team's budget", () => {
  it("one address spending the global budget does not stop a colleague signing in", async () => {
    const attacker = uniqueAddress();
    const statuses: number[] = [];
    // Twice the global budget in a minute, from one address, at e-mails that exist and ones that do not.
    const target = await makeStaffAccount({ role: "owner" });
    for (let i = 0; i < GLOBAL_PER_MINUTE * 2; i++)
      statuses.push(
        (
          await attempt(
            {},
            attacker,
            i % 2 ? wrong(target) : { email: `nobody-${i}@staff.test`, password: "guess" },
          )
        ).status,
      );
    // Its 20 failures, then nothing but 429s.
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.slice(-GLOBAL_PER_MINUTE).every((status) => status === 429)).toBe(true);

    const colleague = await makeStaffAccount({ role: "sales" });
    expect((await attempt({}, uniqueAddress(), colleague)).status).toBe(200);
    // Only the 20 attempts that reached a password (and the colleague's) were counted globally.
    const global = await testDb().rateLimitCounter.aggregate({
      where: { bucket: "staff_sign_in" },
      _sum: { count: true },
    });
    expect(global._sum.count).toBe(21);
  });

  it("attempts at a locked account never reach the global budget", async () => {
    const account = await makeStaffAccount();
    await lockOut(account);
    await testDb().rateLimitCounter.deleteMany();
    for (let i = 0; i < GLOBAL_PER_MINUTE * 2; i++)
      expect((await attempt({}, uniqueAddress(), account)).status).toBe(429);
    expect(await testDb().rateLimitCounter.count({ where: { bucket: "staff_sign_in" } })).toBe(0);
    expect((await attempt({}, uniqueAddress(), await makeStaffAccount())).status).toBe(200);
  });

  it("an attempt the global budget refuses is not counted against its account", async () => {
    const account = await makeStaffAccount();
    for (let i = 0; i < GLOBAL_PER_MINUTE; i++)
      expect(
        (await attempt({}, uniqueAddress(), { email: `n${i}@staff.test`, password: "x" })).status,
      ).toBe(401);
    const refused = await attempt({}, uniqueAddress(), wrong(account));
    expect(refused.status).toBe(429);
    const row = await testDb().staffAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(row).toMatchObject({ failedSignIns: 0, lastFailedAt: null, lockedUntil: null });
  });
});

describe("a browser that signed in before", () => {
  it("failures from other browsers do not lock out a known browser", async () => {
    const owner = await makeStaffAccount({ role: "owner" });
    const ownersLaptop: Browser = {};
    expect((await attempt(ownersLaptop, uniqueAddress(), owner)).status).toBe(200);
    expect(ownersLaptop.device).toBeTruthy();

    await lockOut(owner);
    // A stranger's browser with the right password is held back by the lock…
    expect((await attempt({}, uniqueAddress(), owner)).status).toBe(429);
    // …the owner's laptop is not, even from an address the attacker has used up, and with the global
    // budget spent by strangers.
    const sharedAddress = uniqueAddress();
    for (let i = 0; i < 20; i++)
      await attempt({}, sharedAddress, { email: `x${i}@staff.test`, password: "x" });
    expect((await attempt({}, sharedAddress, await makeStaffAccount())).status).toBe(429);
    for (let i = 0; i < GLOBAL_PER_MINUTE; i++)
      await attempt({}, uniqueAddress(), { email: `n${i}@staff.test`, password: "x" });
    expect((await attempt({}, uniqueAddress(), await makeStaffAccount())).status).toBe(429);
    expect((await attempt(ownersLaptop, sharedAddress, owner)).status).toBe(200);
    // The lock still stands for every other browser.
    expect((await attempt({}, uniqueAddress(), owner)).status).toBe(429);
  });

  it("is known only to the account it signed in to, and a forged cookie is no one's", async () => {
    const first = await makeStaffAccount();
    const second = await makeStaffAccount();
    const browser: Browser = {};
    expect((await attempt(browser, uniqueAddress(), first)).status).toBe(200);
    await lockOut(second);
    expect((await attempt(browser, uniqueAddress(), second)).status).toBe(429);

    await lockOut(first);
    const [name, value] = browser.device!.split("=") as [string, string];
    const forged = `${name}=${value.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`;
    expect((await attempt({ device: forged }, uniqueAddress(), first)).status).toBe(429);
    expect((await attempt(browser, uniqueAddress(), first)).status).toBe(200);
  });

  it("remembers several accounts signed in from one browser", async () => {
    const first = await makeStaffAccount();
    const second = await makeStaffAccount();
    const shared: Browser = {};
    expect((await attempt(shared, uniqueAddress(), first)).status).toBe(200);
    expect((await attempt(shared, uniqueAddress(), second)).status).toBe(200);
    await lockOut(first);
    await lockOut(second);
    expect((await attempt(shared, uniqueAddress(), first)).status).toBe(200);
    expect((await attempt(shared, uniqueAddress(), second)).status).toBe(200);
  });

  it("gets 5 wrong passwords of its own, then follows the rules of any other browser", async () => {
    const account = await makeStaffAccount();
    const browser: Browser = {};
    expect((await attempt(browser, uniqueAddress(), account)).status).toBe(200);
    await lockOut(account);
    for (let i = 0; i < 5; i++)
      expect((await attempt(browser, uniqueAddress(), wrong(account))).status).toBe(401);
    // Its own failures spent, it is a browser like any other, and the account is locked.
    expect((await attempt(browser, uniqueAddress(), account)).status).toBe(429);
  });
});

describe("npm run staff:unlock", () => {
  const unlock = (email: string) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/staff-unlock.ts", "--email", email], {
      encoding: "utf8",
      env: { ...process.env },
      timeout: 60_000,
    });

  it("clears a locked owner's lock and failures, so any browser can sign in again", async () => {
    const owner = await makeStaffAccount({ role: "owner" });
    await lockOut(owner);
    expect((await attempt({}, uniqueAddress(), owner)).status).toBe(429);

    const result = unlock(owner.email.toUpperCase());
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Unlocked owner ${owner.email}`);
    const row = await testDb().staffAccount.findUniqueOrThrow({ where: { id: owner.id } });
    expect(row).toMatchObject({ failedSignIns: 0, lastFailedAt: null, lockedUntil: null });
    expect((await attempt({}, uniqueAddress(), owner)).status).toBe(200);
    const audit = await testDb().staffAuditEvent.findFirstOrThrow({
      where: { accountId: owner.id, type: "unlock" },
    });
    expect(audit).toMatchObject({ actorId: null, detail: { via: "staff:unlock" } });
  }, 120_000);

  it("says so and changes nothing for an e-mail with no account", () => {
    const result = unlock("nobody-at-all@staff.test");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("no account has the e-mail nobody-at-all@staff.test");
  }, 120_000);
});
