import "server-only";
import { createHmac } from "node:crypto";
import {
  betterAuth,
  type BetterAuthOptions,
  type DBAdapter,
  type DBTransactionAdapter,
  type Where,
} from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { admin, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/admin/access";
import { db } from "@/lib/db";
import type { PrismaClient } from "@/lib/prisma-client";
import { serverEnv } from "@/lib/env";
import { site } from "@/lib/site";
import { hashPassword, verifyPassword } from "./password-hash";
import { newBackupCode } from "./secrets";

/*
 * Better Auth carries staff sign-in (docs/decisions/005-staff-accounts.md): passwords (argon2id),
 * session rows, the two-factor challenge and codes, roles and deactivation. It runs only inside our
 * own routes through `auth.api.*`: its HTTP handler is not mounted, so the routes and answers in
 * docs/api.md stay ours, and so do the throttle, the client address, invites, resets and the audit trail.
 */

/** owner ⊃ manager ⊃ sales; only the owner manages accounts (docs/product.md#staff-accounts). */
const ac = createAccessControl({ ...defaultStatements, lead: ["reassign"] } as const);
export const staffAccessRoles = {
  owner: ac.newRole({
    user: ["create", "list", "set-role", "ban", "get", "update", "set-password"],
    session: ["list", "revoke", "delete"],
    lead: ["reassign"],
  }),
  manager: ac.newRole({ user: [], session: [], lead: ["reassign"] }),
  sales: ac.newRole({ user: [], session: [], lead: [] }),
};

/** The database keeps only an HMAC of each session token, keyed with SESSION_SECRET, as before the switch. */
export const sessionTokenDigest = (token: string) =>
  createHmac("sha256", serverEnv().SESSION_SECRET).update(token).digest("hex");

function hashTokenWhere(where: Where[] | undefined): { where?: Where[]; raw?: string } {
  if (!where) return { where };
  let raw: string | undefined;
  const hashed = where.map((clause) => {
    if (clause.field !== "token") return clause;
    if (typeof clause.value === "string") {
      raw = clause.value;
      return { ...clause, value: sessionTokenDigest(clause.value) };
    }
    if (Array.isArray(clause.value))
      return { ...clause, value: (clause.value as string[]).map(sessionTokenDigest) };
    return clause;
  });
  return { where: hashed, raw };
}

/**
 * Wraps Better Auth's adapter so session tokens are stored as an HMAC: it writes and looks rows up by
 * the digest and hands the cookie's token back to its own code, which never sees the difference.
 */
function withHashedSessionTokens<A extends DBTransactionAdapter>(base: A): A {
  const isSession = (model: string) => model === "session";
  const withRaw = <T>(row: T, raw: string | undefined): T =>
    row && raw ? ({ ...row, token: raw } as T) : row;
  return {
    ...base,
    create: async (input) => {
      if (!isSession(input.model) || typeof input.data.token !== "string")
        return base.create(input);
      const raw = input.data.token as string;
      const row = await base.create({
        ...input,
        data: { ...input.data, token: sessionTokenDigest(raw) },
      });
      return withRaw(row, raw);
    },
    findOne: async (input) => {
      if (!isSession(input.model)) return base.findOne(input);
      const { where, raw } = hashTokenWhere(input.where);
      return withRaw(await base.findOne({ ...input, where: where! }), raw);
    },
    findMany: (input) =>
      isSession(input.model)
        ? base.findMany({ ...input, where: hashTokenWhere(input.where).where })
        : base.findMany(input),
    count: (input) =>
      isSession(input.model)
        ? base.count({ ...input, where: hashTokenWhere(input.where).where })
        : base.count(input),
    update: async (input) => {
      if (!isSession(input.model)) return base.update(input);
      const { where, raw } = hashTokenWhere(input.where);
      return withRaw(await base.update({ ...input, where: where! }), raw);
    },
    updateMany: (input) =>
      isSession(input.model)
        ? base.updateMany({ ...input, where: hashTokenWhere(input.where).where! })
        : base.updateMany(input),
    delete: (input) =>
      isSession(input.model)
        ? base.delete({ ...input, where: hashTokenWhere(input.where).where! })
        : base.delete(input),
    deleteMany: (input) =>
      isSession(input.model)
        ? base.deleteMany({ ...input, where: hashTokenWhere(input.where).where! })
        : base.deleteMany(input),
    consumeOne: async (input) => {
      if (!isSession(input.model)) return base.consumeOne(input);
      const { where, raw } = hashTokenWhere(input.where);
      return withRaw(await base.consumeOne({ ...input, where: where! }), raw);
    },
  };
}

/** Better Auth's session timing: the idle limit, and how often a used session's end moves on. */
export function staffSessionTiming() {
  return { expiresInSeconds: serverEnv().STAFF_SESSION_IDLE_MINUTES * 60, updateAgeSeconds: 60 };
}

function authOptions(client: PrismaClient) {
  const env = serverEnv();
  const prisma = prismaAdapter(client, { provider: "postgresql" });
  return {
    appName: site.name,
    baseURL: site.siteUrl,
    secret: env.SESSION_SECRET,
    telemetry: { enabled: false },
    // Wrong passwords are expected traffic, counted by our throttle; only its errors are worth a log line.
    logger: { level: "error" },
    // Its limiter counts requests per header address (spoofable, or one shared bucket) and skips
    // `auth.api` calls; our throttle in sign-in.service.ts runs before every sign-in instead.
    rateLimit: { enabled: false },
    database: (options: BetterAuthOptions) => {
      const adapter = prisma(options);
      const wrapped = withHashedSessionTokens(adapter);
      return {
        ...wrapped,
        transaction: <R>(callback: (trx: DBTransactionAdapter) => Promise<R>) =>
          adapter.transaction((trx) => callback(withHashedSessionTokens(trx))),
      } satisfies DBAdapter;
    },
    user: {
      modelName: "staffAccount",
      additionalFields: {
        lang: { type: "string", required: false, defaultValue: "es", input: false },
        active: { type: "boolean", required: false, defaultValue: true, input: false },
      },
    },
    session: {
      modelName: "staffSession",
      // The idle limit: each use (at most once a minute) pushes the end on; the absolute 12 h is ours.
      expiresIn: staffSessionTiming().expiresInSeconds,
      updateAge: staffSessionTiming().updateAgeSeconds,
      cookieCache: { enabled: false },
    },
    account: {
      modelName: "staffCredential",
      fields: { accountId: "providerAccountId" },
    },
    verification: { modelName: "staffVerification" },
    emailAndPassword: {
      enabled: true,
      // Accounts come from invites, staff:add and the owner bootstrap, never from self sign-up.
      disableSignUp: true,
      minPasswordLength: 10,
      maxPasswordLength: 200,
      // argon2id, as before the switch: the hashes moved over unchanged. One hash at a time per instance.
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }: { hash: string; password: string }) =>
          verifyPassword(stored, password),
      },
    },
    advanced: {
      database: { generateId: "uuid" },
      ipAddress: { disableIpTracking: true },
    },
    plugins: [
      twoFactor({
        issuer: site.name,
        schema: { twoFactor: { modelName: "staffTwoFactor" } },
        // Our per-account count already treats a wrong code as a failed sign-in; one counter, not two.
        accountLockout: { enabled: false },
        backupCodeOptions: {
          amount: 10,
          customBackupCodesGenerate: () => Array.from({ length: 10 }, newBackupCode),
        },
      }),
      admin({
        ac,
        roles: staffAccessRoles,
        adminRoles: ["owner"],
        defaultRole: "sales",
        bannedUserMessage: "This account is deactivated.",
      }),
    ],
  } satisfies BetterAuthOptions;
}

/** A Better Auth instance on a Prisma client: the app's (below), or a test's own database. */
export function createStaffAuth(client: PrismaClient = db) {
  return betterAuth(authOptions(client));
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

const globalForAuth = globalThis as unknown as { staffAuth?: StaffAuth };
let moduleAuth: StaffAuth | undefined;

/**
 * The Better Auth instance of this module graph, created on first use (no database or secret at build
 * time). In production it is not shared through globalThis: the server also loads a few route handlers
 * outside Next.js's bundle (scripts/front-door-server.ts), so a process holds two copies of Better Auth,
 * and an instance of one copy throws errors the other copy's checks do not recognise (a deactivated
 * account's sign-in answered 500). Development shares it so hot reloads do not pile up instances.
 */
export function staffAuth(): StaffAuth {
  if (process.env.NODE_ENV !== "production") return (globalForAuth.staffAuth ??= createStaffAuth());
  return (moduleAuth ??= createStaffAuth());
}
