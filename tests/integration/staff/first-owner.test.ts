// The first owner: `npm run staff:add` (password on standard input) and STAFF_OWNER_* at start, which
// creates the owner when missing and never overwrites an existing account's password.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { bootstrapOwner, DEMO_STAFF, seedDemoStaff } from "@/scripts/db/staff-accounts";
import { testDb } from "../../support/factories";
import { signInCookie } from "../../support/staff";

describe("the first owner", () => {
  it("STAFF_OWNER_* creates the owner once and never overwrites its password", async () => {
    const email = `boot.${Date.now()}@staff.test`;
    const lines: string[] = [];
    const env = {
      STAFF_OWNER_EMAIL: email,
      STAFF_OWNER_PASSWORD: "first-password-1",
      STAFF_OWNER_NAME: "Boot Owner",
    };
    await bootstrapOwner(testDb(), env, (line) => lines.push(line));
    expect(lines[0]).toContain(`created the owner account ${email}`);
    await bootstrapOwner(
      testDb(),
      { ...env, STAFF_OWNER_EMAIL: email.toUpperCase(), STAFF_OWNER_PASSWORD: "second-password-2" },
      (line) => lines.push(line),
    );
    expect(lines[1]).toContain("left as it is");
    const account = await testDb().staffAccount.findUniqueOrThrow({ where: { email } });
    expect(account).toMatchObject({ role: "owner", name: "Boot Owner", active: true });
    await signInCookie({ email, password: "first-password-1" });
  });

  it("`npm run staff:add` reads the password from standard input and refuses an unknown role", () => {
    const email = `added.${Date.now()}@staff.test`;
    const run = (role: string, input: string) =>
      spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "scripts/staff-add.ts",
          "--email",
          email,
          "--name",
          "Added Manager",
          "--role",
          role,
        ],
        { input, encoding: "utf8", env: { ...process.env }, timeout: 60_000 },
      );
    const unknownRole = run("admin", "a-long-enough-password\n");
    expect(unknownRole.status).toBe(1);
    expect(unknownRole.stderr).toContain('Unknown role "admin"');
    const added = run("manager", "a-long-enough-password\n");
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain(`Added manager ${email}`);
    const again = run("manager", "another-password-22\n");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already exists");
  }, 120_000);

  it("the demo team has an owner, a manager and two sales users", async () => {
    await seedDemoStaff(testDb());
    const rows = await testDb().staffAccount.findMany({
      where: { email: { in: DEMO_STAFF.map((a) => a.email) } },
      select: { role: true },
    });
    expect(rows.map((r) => r.role).sort()).toEqual(["manager", "owner", "sales", "sales"]);
    await signInCookie({ email: DEMO_STAFF[0]!.email, password: DEMO_STAFF[0]!.password });
  });
});
