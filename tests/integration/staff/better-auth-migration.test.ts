// Moving staff accounts onto Better Auth (prisma/migrations/20261127100000_better_auth_staff): an account
// made before the switch keeps its password, its deactivation and its ids; its old sessions end and its
// two-factor starts again, recorded in the audit trail.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "@/lib/prisma-client";
import { createStaffAuth } from "@/lib/staff/auth";
import { applyMigrations } from "@/scripts/db/migrations";
import { createFreshDatabase, type FreshDatabase } from "../../support/database";

const SWITCH = "20261127100000_better_auth_staff";
const PASSWORD = "password-from-before-the-switch";

let database: FreshDatabase;
let prisma: PrismaClient;
const ids = { kept: "", gone: "", withTotp: "" };

beforeAll(async () => {
  database = await createFreshDatabase();
  // The schema as it was just before the switch: every migration before it, from a copy of the folder.
  const all = path.resolve("prisma/migrations");
  const before = await mkdtemp(path.join(tmpdir(), "migrations-before-ba-"));
  for (const entry of await readdir(all))
    if (entry < SWITCH)
      await cp(path.join(all, entry), path.join(before, entry), { recursive: true });
  await applyMigrations(database.url, { migrationsDir: before, log: () => {} });
  await rm(before, { recursive: true, force: true });

  // Accounts written the old way: password_hash on the row, TOTP columns, an open session.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const passwordHash = await hash(PASSWORD);
    const insert = async (email: string, extra: string) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO staff_accounts (id, name, email, password_hash, role, active, updated_at${extra ? ", totp_secret, totp_enabled_at" : ""})
         VALUES (gen_random_uuid(), $1, $2, $3, 'sales', $4, now()${extra ? ", 'JBSWY3DPEHPK3PXP', now()" : ""})
         RETURNING id`,
        [email, email, passwordHash, !email.startsWith("gone")],
      );
      return rows[0]!.id;
    };
    ids.kept = await insert("kept@staff.test", "");
    ids.gone = await insert("gone@staff.test", "");
    ids.withTotp = await insert("totp@staff.test", "totp");
    await client.query(
      `INSERT INTO staff_sessions (id, account_id, actor_name, expires_at)
       VALUES ('old-session-hmac', $1, 'Kept', now() + interval '1 hour')`,
      [ids.kept],
    );
  } finally {
    await client.end();
  }

  await applyMigrations(database.url, { log: () => {} });
  prisma = createPrismaClient(database.url);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
});

describe("the move onto Better Auth", () => {
  it("keeps each password: Better Auth signs the account in with it, under the same id", async () => {
    const auth = createStaffAuth(prisma);
    const signedIn = await auth.api.signInEmail({
      body: { email: "kept@staff.test", password: PASSWORD },
      headers: new Headers(),
    });
    expect(signedIn.user.id).toBe(ids.kept);
    expect(signedIn.token).toBeTruthy();
    await expect(
      auth.api.signInEmail({
        body: { email: "kept@staff.test", password: "not-the-password" },
        headers: new Headers(),
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    const credential = await prisma.staffCredential.findFirstOrThrow({
      where: { userId: ids.kept },
    });
    expect(credential).toMatchObject({ providerId: "credential", providerAccountId: ids.kept });
    expect(credential.password).toMatch(/^\$argon2id\$/);
  });

  it("ends the old sessions and keeps a deactivated account out", async () => {
    expect(
      await prisma.staffSession.count({ where: { userId: ids.kept, token: "old-session-hmac" } }),
    ).toBe(0);
    const gone = await prisma.staffAccount.findUniqueOrThrow({ where: { id: ids.gone } });
    expect(gone).toMatchObject({ active: false, banned: true });
    await expect(
      createStaffAuth(prisma).api.signInEmail({
        body: { email: "gone@staff.test", password: PASSWORD },
        headers: new Headers(),
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it("resets two-factor (it enrols again) and records why", async () => {
    const account = await prisma.staffAccount.findUniqueOrThrow({ where: { id: ids.withTotp } });
    expect(account.twoFactorEnabled).toBe(false);
    const events = await prisma.staffAuditEvent.findMany({ where: { accountId: ids.withTotp } });
    expect(events).toEqual([
      expect.objectContaining({
        type: "two_factor_reset",
        detail: { reason: "better_auth_migration" },
      }),
    ]);
    const signedIn = await createStaffAuth(prisma).api.signInEmail({
      body: { email: "totp@staff.test", password: PASSWORD },
      headers: new Headers(),
    });
    expect(signedIn.token).toBeTruthy();
  });
});
