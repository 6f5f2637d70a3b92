// Staff accounts from scripts (no app server): `npm run staff:add`, the STAFF_OWNER_* bootstrap at start,
// and the demo accounts. An existing e-mail is never overwritten.
import { hash } from "@node-rs/argon2";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { STAFF_ROLES, type StaffRole } from "@/lib/staff/roles";

export interface NewStaffAccount {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

/** Creates the account unless one has this e-mail (any case); true when it was created. */
export async function addStaffAccountIfMissing(
  prisma: PrismaClient,
  account: NewStaffAccount,
): Promise<boolean> {
  if (!(STAFF_ROLES as readonly string[]).includes(account.role))
    throw new Error(`Unknown role "${account.role}": use ${STAFF_ROLES.join(", ")}.`);
  if (account.password.length < 10) throw new Error("The password needs at least 10 characters.");
  const passwordHash = await hash(account.password);
  // Better Auth's rows (docs/decisions/005-staff-accounts.md): its user (staff_accounts) and its
  // credential holding the argon2id hash, in one statement so an existing e-mail changes nothing.
  const count = await prisma.$executeRaw`
    WITH created AS (
      INSERT INTO staff_accounts (id, name, email, role, updated_at)
      VALUES (gen_random_uuid(), ${account.name.trim()}, ${account.email.trim().toLowerCase()},
              ${account.role}::"StaffRole", now())
      ON CONFLICT (email) DO NOTHING
      RETURNING id
    )
    INSERT INTO staff_credentials (id, account_id, provider_account_id, provider_id, password)
    SELECT gen_random_uuid(), id, id::text, 'credential', ${passwordHash} FROM created`;
  return count === 1;
}

/**
 * `npm run staff:unlock`: clears an account's lock and failure counts (strangers' and its known
 * browsers'), recorded in the staff audit log. Null when no account has the e-mail.
 */
export async function unlockStaffAccount(
  prisma: PrismaClient,
  email: string,
): Promise<{ email: string; role: StaffRole; active: boolean } | null> {
  const normalised = email.trim().toLowerCase();
  return prisma.$transaction(async (tx) => {
    const account = await tx.staffAccount.findUnique({
      where: { email: normalised },
      select: { id: true, email: true, role: true, active: true },
    });
    if (!account) return null;
    await tx.staffAccount.update({
      where: { id: account.id },
      data: { failedSignIns: 0, lastFailedAt: null, lockedUntil: null },
    });
    // Each known browser's own failures (lib/staff/sign-in.service.ts keys them by account).
    await tx.rateLimitCounter.deleteMany({
      where: { bucket: "staff_sign_in_device", key: { startsWith: `${account.id}:` } },
    });
    await tx.staffAuditEvent.create({
      data: {
        actorId: null,
        accountId: account.id,
        type: "unlock",
        detail: { via: "staff:unlock" },
      },
    });
    return { email: account.email, role: account.role as StaffRole, active: account.active };
  });
}

export const countStaffAccounts = (prisma: PrismaClient) => prisma.staffAccount.count();

/** The demo team (README): public passwords, for `npm run dev`, `npm run demo` and the e2e suite only. */
export const DEMO_STAFF: readonly NewStaffAccount[] = [
  {
    email: "owner@demo.avanza.example",
    name: "Olivia Owner",
    role: "owner",
    password: "demo-owner-password",
  },
  {
    email: "manager@demo.avanza.example",
    name: "Marco Manager",
    role: "manager",
    password: "demo-manager-password",
  },
  {
    email: "sales1@demo.avanza.example",
    name: "Sara Sales",
    role: "sales",
    password: "demo-sales-password",
  },
  {
    email: "sales2@demo.avanza.example",
    name: "Diego Sales",
    role: "sales",
    password: "demo-sales-password",
  },
];

export async function seedDemoStaff(prisma: PrismaClient): Promise<number> {
  let created = 0;
  for (const account of DEMO_STAFF)
    if (await addStaffAccountIfMissing(prisma, account)) created += 1;
  return created;
}

/** STAFF_OWNER_EMAIL + STAFF_OWNER_PASSWORD (+ STAFF_OWNER_NAME): the first owner, created when missing. */
export async function bootstrapOwner(
  prisma: PrismaClient,
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): Promise<void> {
  const email = env.STAFF_OWNER_EMAIL?.trim();
  const password = env.STAFF_OWNER_PASSWORD;
  if (!email || !password) return;
  const isCreated = await addStaffAccountIfMissing(prisma, {
    email,
    password,
    name: env.STAFF_OWNER_NAME?.trim() || "Owner",
    role: "owner",
  });
  log(
    isCreated
      ? `created the owner account ${email.toLowerCase()} (STAFF_OWNER_EMAIL)`
      : `an account with STAFF_OWNER_EMAIL exists; left as it is (its password is not changed)`,
  );
}

export const NO_ACCOUNT_HELP = `no staff account exists, so nobody could sign in to the staff tools. Create the first owner:
    npm run staff:add -- --email you@example.com --name "Your Name" --role owner   (password on standard input)
  or start with STAFF_OWNER_EMAIL and STAFF_OWNER_PASSWORD (and optionally STAFF_OWNER_NAME) set.`;
