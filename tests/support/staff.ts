import { randomInt, randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { StaffRole } from "@/lib/staff/roles";

export const TEST_STAFF_PASSWORD = "integration-staff-password";

/** A client address no other test uses, so per-address throttles never leak between tests. */
export function uniqueAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** "name=value" from a Set-Cookie header, ready for a Cookie header. */
export function cookiePair(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie header");
  return setCookie.split(";")[0]!;
}

let passwordHash: Promise<string> | undefined;

export interface TestAccount {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

/** A fresh, active staff account with TEST_STAFF_PASSWORD (a unique e-mail per call). */
export async function makeStaffAccount(
  options: { role?: StaffRole; name?: string; email?: string } = {},
): Promise<TestAccount> {
  const { testDb } = await import("./factories");
  const role = options.role ?? "owner";
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@staff.test`;
  const name = options.name ?? `Test ${role} ${email.slice(role.length + 1, role.length + 5)}`;
  const id = randomUUID();
  const account = await testDb().staffAccount.create({
    data: {
      id,
      email,
      name,
      role,
      // Better Auth's credential row, with the argon2id hash it checks.
      credentials: {
        create: {
          id: randomUUID(),
          providerId: "credential",
          providerAccountId: id,
          password: await (passwordHash ??= hash(TEST_STAFF_PASSWORD)),
        },
      },
    },
    select: { id: true },
  });
  return { id: account.id, email, name, role, password: TEST_STAFF_PASSWORD };
}

/** Signs an account in through the real sign-in route; the cookie's "name=value". */
export async function signInCookie(
  account: { email: string; password: string },
  options: { code?: string; address?: string } = {},
): Promise<string> {
  const { POST: signIn } = await import("@/app/api/crm/auth/route");
  const { callRoute } = await import("./http");
  const result = await callRoute(signIn, {
    method: "POST",
    path: "/api/crm/auth",
    body: {
      email: account.email,
      password: account.password,
      ...(options.code ? { code: options.code } : {}),
    },
    headers: { "x-forwarded-for": options.address ?? uniqueAddress() },
  });
  if (result.status !== 200)
    throw new Error(`staff sign-in failed: ${result.status} ${result.text}`);
  return cookiePair(result.setCookie);
}

/**
 * A signed-in staff session's "name=value" cookie, for a new account of `role` (owner unless given),
 * from the real sign-in route. Every integration test that needs staff access goes through here.
 */
export async function staffCookie(
  options: { role?: StaffRole; name?: string } = {},
): Promise<string> {
  return signInCookie(await makeStaffAccount(options));
}

/**
 * A session cookie for an account row made without a password (tests/support/factories.ts), opened the way
 * the app opens one after a successful sign-in.
 */
export async function staffCookieFor(account: {
  id: string;
  name: string;
  email: string;
  role: "owner" | "manager" | "sales";
}): Promise<string> {
  const { startStaffSession } = await import("@/lib/staff/session.service");
  const { staffCookieName } = await import("@/lib/staff/session-cookie");
  const { token } = await startStaffSession({
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role,
  });
  return `${staffCookieName()}=${token}`;
}
