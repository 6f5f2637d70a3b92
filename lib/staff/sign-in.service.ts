import "server-only";
import { appError } from "@/lib/http/server-message";
import { isAPIError } from "better-auth/api";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/http/app-error";
import {
  peekLimit,
  pruneOldHits,
  releaseLimit,
  takeLimit,
} from "@/lib/rate-limit/rate-limit.service";
import {
  claimTotpStep,
  findActiveAccountId,
  findSignInWait,
  giveBackSignInAttempt,
  recordKnownDeviceSignIn,
  recordSignInAttempt,
  recordSignInSuccess,
  restoreSignInAttempt,
} from "./account.repo";
import { staffAuth } from "./auth";
import { deviceCookieAfterSignIn, readDeviceCookie } from "./known-device";
import { endStaffSession } from "./session.service";
import { canonicalBackupCode, normaliseEmail } from "./secrets";
import { matchingTotpStep } from "./two-factor.service";
import type { TSignIn } from "./staff-auth.schema";

/** Per real client address: failed sign-ins (any account) in 15 minutes before that address must wait. */
const PER_ADDRESS = { bucket: "staff_sign_in_address", max: 20, windowMs: 15 * 60 * 1000 };
/** Per known browser and account: its own failures in 15 minutes before it counts as unknown again. */
const PER_DEVICE = { bucket: "staff_sign_in_device", max: 5, windowMs: 15 * 60 * 1000 };
const GLOBAL_BUCKET = "staff_sign_in";

/** One message for every wrong e-mail, password or code, so the answer tells nothing about which. */
export class SignInFailed extends AppError {
  constructor() {
    super("unauthenticated", "Wrong e-mail, password or code.");
  }
}

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** The per-device rule of one known browser for one account (`staff:unlock` clears them by account). */
const deviceRuleOf = (accountId: string, deviceId: string) => ({
  ...PER_DEVICE,
  key: `${accountId}:${deviceId}`,
});

export interface SignedIn {
  token: string;
  /** The browser's device cookie, renewed with this account first. */
  deviceCookie: string;
}

/**
 * Signs an account in (docs/product.md#lock-screen). A browser whose device cookie names the account
 * (and has not spent its own 5 failures) goes straight to the password: strangers' failures never hold
 * it back. Any other browser, in order: a look at the global budget (429 when it is spent, before
 * anything is counted); the per-address failure cap (429, before any shared budget is touched); the per-account count, recorded before the password is checked in one statement (429
 * while a delay or lock applies); the global budget, which so counts only attempts that reach the
 * password (429); the password; the second factor (428 when missing). Only a full success gives the
 * counts back.
 */
export async function signInStaff(
  input: TSignIn & { clientAddress: string; deviceCookie?: string },
  now = new Date(),
): Promise<SignedIn> {
  if (input.email.trim() === "" || input.password === "")
    throw appError("validation", "enterEmailAndPassword", {
      fields: {
        ...(input.email.trim() === "" ? { email: ["Enter your e-mail."] } : {}),
        ...(input.password === "" ? { password: ["Enter your password."] } : {}),
      },
    });
  void pruneOldHits().catch(() => undefined);
  const email = normaliseEmail(input.email);
  const devices = readDeviceCookie(input.deviceCookie, now);

  if (devices.length > 0) {
    const accountId = await findActiveAccountId(email);
    const device = devices.find((entry) => entry.accountId === accountId);
    if (accountId && device) {
      const deviceRule = deviceRuleOf(accountId, device.deviceId);
      if (!(await takeLimit(deviceRule, now)).isLimited) {
        const token = await checkPassword({ id: accountId, email }, input, now, () =>
          releaseLimit(deviceRule, now),
        );
        await recordKnownDeviceSignIn(accountId, now);
        await releaseLimit(deviceRule, now);
        return { token, deviceCookie: deviceCookieAfterSignIn(devices, accountId, now) };
      }
      // Its own failures used up its trust for now: it is treated like any other browser.
    }
  }

  const globalRule = {
    bucket: GLOBAL_BUCKET,
    key: "*",
    max: serverEnv().STAFF_SIGN_IN_PER_MINUTE,
    windowMs: 60_000,
  };
  // With the team's budget spent, nothing below could reach the password: one read refuses the
  // attempt before any count is taken (and given back). Taking it below stays the real check.
  const spent = await peekLimit(globalRule, now);
  if (spent.isLimited) throw throttled(spent.retryAfterSeconds);

  const addressRule = { ...PER_ADDRESS, key: input.clientAddress };
  const perAddress = await takeLimit(addressRule, now);
  if (perAddress.isLimited) throw throttled(perAddress.retryAfterSeconds);

  const account = await recordSignInAttempt(email, now);
  if (!account) {
    const wait = await findSignInWait(email, now);
    if (wait) {
      await releaseLimit(addressRule, now);
      throw throttled(secondsUntil(wait, now));
    }
  }

  const global = await takeLimit(globalRule, now);
  if (global.isLimited) {
    // Refused before the password: this attempt counts against neither the address nor the account.
    await releaseLimit(addressRule, now);
    if (account) await restoreSignInAttempt(account, now);
    throw throttled(global.retryAfterSeconds);
  }

  if (!account) {
    // The same call as for an account, so an unknown e-mail takes as long: Better Auth looks it up and
    // hashes the password when it finds none. A deactivated account (also here) is refused by its
    // admin plugin; should anything ever open a session on this path, it is closed at once.
    const stray = await checkPassword(
      { id: "", email },
      { ...input, code: undefined },
      now,
      async () => undefined,
    ).catch((error: unknown) => {
      if (error instanceof AppError) throw new SignInFailed();
      throw error;
    });
    await endStaffSession(stray);
    throw new SignInFailed();
  }
  const token = await checkPassword(account, input, now, async () => {
    // The password was right: this attempt is not a failure, but nothing opens until the code comes.
    await giveBackSignInAttempt(account.id);
    await releaseLimit(addressRule, now);
  });
  await recordSignInSuccess(account.id, now);
  await releaseLimit(addressRule, now);
  return { token, deviceCookie: deviceCookieAfterSignIn(devices, account.id, now) };
}

/**
 * The password, the second factor and the session, which are Better Auth's (lib/staff/auth.ts).
 * `onCodeRequired` runs when the password was right but the account's code is missing (then 428).
 */
async function checkPassword(
  account: { id: string; email: string },
  input: TSignIn,
  now: Date,
  onCodeRequired: () => Promise<void>,
): Promise<string> {
  const auth = staffAuth();
  const signedIn = await auth.api
    .signInEmail({
      body: { email: account.email, password: input.password },
      headers: new Headers(),
      returnHeaders: true,
    })
    .catch((error: unknown) => {
      if (isAPIError(error)) throw new SignInFailed();
      throw error;
    });
  if ("twoFactorRedirect" in signedIn.response && signedIn.response.twoFactorRedirect) {
    if (!input.code) {
      await onCodeRequired();
      throw appError("code_required", "enterAuthenticatorCode");
    }
    return passSecondFactor(account.id, input.code, challengeCookies(signedIn.headers), now);
  }
  return requireToken((signedIn.response as { token?: string }).token);
}

function requireToken(token: string | undefined | null): string {
  if (!token) throw new Error("Better Auth signed in without a session token");
  return token;
}

function throttled(retryAfterSeconds: number) {
  return appError("throttled", "tooManySignIns", {
    retryAfterSeconds,
  });
}

/** The cookies Better Auth set for the two-factor challenge, as a Cookie header for the next call. */
function challengeCookies(headers: Headers): Headers {
  const pairs = headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  return new Headers({ cookie: pairs.join("; ") });
}

/**
 * A 6-digit code not used before (Better Auth's check, behind our replay guard), or an unused backup
 * code (spent by its check). Returns the new session's token.
 */
async function passSecondFactor(accountId: string, code: string, headers: Headers, now: Date) {
  const auth = staffAuth();
  try {
    if (/^\d{6}$/.test(code)) {
      // Its plugin would take the same code twice within its window: the step is claimed first.
      const step = await matchingTotpStep(accountId, code, now);
      if (step === null || !(await claimTotpStep(accountId, step))) throw new SignInFailed();
      return requireToken((await auth.api.verifyTOTP({ body: { code }, headers })).token);
    }
    const spent = await auth.api.verifyBackupCode({
      body: { code: canonicalBackupCode(code) },
      headers,
    });
    return requireToken(spent.token);
  } catch (error) {
    if (isAPIError(error)) throw new SignInFailed();
    throw error;
  }
}
