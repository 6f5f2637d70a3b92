import "server-only";
import { hash, verify as verifyPassword } from "@node-rs/argon2";
import { verify as verifyTotp } from "otplib";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/http/app-error";
import { pruneOldHits, releaseLimit, takeLimit } from "@/lib/rate-limit/rate-limit.service";
import {
  claimTotpStep,
  findSignInWait,
  giveBackSignInAttempt,
  recordSignInAttempt,
  recordSignInSuccess,
  spendBackupCode,
  type SignInRow,
} from "./account.repo";
import { startStaffSession } from "./session.service";
import { normaliseBackupCode, normaliseEmail, sha256 } from "./secrets";
import type { TSignIn } from "./staff-auth.schema";

/** Per real client address: failed sign-ins (any account) in 15 minutes before that address must wait. */
const PER_ADDRESS = { bucket: "staff_sign_in_address", max: 20, windowMs: 15 * 60 * 1000 };
const GLOBAL_BUCKET = "staff_sign_in";

/** One message for every wrong e-mail, password or code, so the answer tells nothing about which. */
export class SignInFailed extends AppError {
  constructor() {
    super("unauthenticated", "Wrong e-mail, password or code.");
  }
}

let dummyHash: Promise<string> | undefined;
/** Unknown e-mails still cost one argon2 check, so timing does not tell which e-mails exist. */
const dummyHashOnce = () => (dummyHash ??= hash("no account has this password"));

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Signs an account in (docs/product.md#lock-screen). In order: the global cap per minute (429); the
 * per-address failure cap (429); the per-account count, recorded before the password is checked in one
 * statement (429 while a delay or lock applies); the password; the second factor (428 when missing).
 * Only a full success gives the counts back.
 */
export async function signInStaff(
  input: TSignIn & { clientAddress: string },
  now = new Date(),
): Promise<{ token: string }> {
  if (input.email.trim() === "" || input.password === "")
    throw new AppError("validation", "Enter your e-mail and password.", {
      fields: {
        ...(input.email.trim() === "" ? { email: ["Enter your e-mail."] } : {}),
        ...(input.password === "" ? { password: ["Enter your password."] } : {}),
      },
    });
  void pruneOldHits().catch(() => undefined);

  const global = await takeLimit(
    {
      bucket: GLOBAL_BUCKET,
      key: "*",
      max: serverEnv().STAFF_SIGN_IN_PER_MINUTE,
      windowMs: 60_000,
    },
    now,
  );
  if (global.isLimited) throw throttled(global.retryAfterSeconds);

  const addressRule = { ...PER_ADDRESS, key: input.clientAddress };
  const perAddress = await takeLimit(addressRule, now);
  if (perAddress.isLimited) throw throttled(perAddress.retryAfterSeconds);

  const email = normaliseEmail(input.email);
  const account = await recordSignInAttempt(email, now);
  if (!account) {
    const wait = await findSignInWait(email, now);
    if (wait) {
      await releaseLimit(addressRule, now);
      throw throttled(secondsUntil(wait, now));
    }
    await verifyPassword(await dummyHashOnce(), input.password).catch(() => false);
    throw new SignInFailed();
  }

  const isPasswordRight =
    account.passwordHash !== null &&
    (await verifyPassword(account.passwordHash, input.password).catch(() => false));
  if (!isPasswordRight) throw new SignInFailed();

  if (account.totpEnabledAt && account.totpSecret) {
    if (!input.code) {
      // The password was right: this attempt is not a failure, but nothing opens until the code comes.
      await giveBackSignInAttempt(account.id);
      await releaseLimit(addressRule, now);
      throw new AppError("code_required", "Enter the code from your authenticator app.");
    }
    if (!(await isSecondFactorRight(account, input.code, now))) throw new SignInFailed();
  }

  await recordSignInSuccess(account.id, now);
  await releaseLimit(addressRule, now);
  const { token } = await startStaffSession(
    { id: account.id, name: account.name, email: account.email, role: account.role },
    now,
  );
  return { token };
}

function throttled(retryAfterSeconds: number) {
  return new AppError("throttled", "Too many sign-in attempts. Try again later.", {
    retryAfterSeconds,
  });
}

/** A 6-digit code not used before, or an unused backup code (spent by this check). */
async function isSecondFactorRight(account: SignInRow, code: string, now: Date) {
  if (/^\d{6}$/.test(code)) {
    const result = await verifyTotp({
      secret: account.totpSecret!,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
    }).catch(() => ({ valid: false as const }));
    return result.valid && (await claimTotpStep(account.id, stepOf(now) + result.delta));
  }
  return spendBackupCode(account.id, sha256(normaliseBackupCode(code)), now);
}

/** The 30-second TOTP time step a moment falls in. */
const stepOf = (now: Date) => Math.floor(now.getTime() / 30_000);
