import "server-only";
import { AppError } from "@/lib/http/app-error";
import {
  peekLimit,
  pruneOldHits,
  releaseLimit,
  takeLimit,
} from "@/lib/rate-limit/rate-limit.service";
import { startStaffSession } from "./session.service";
import { isStaffPassword } from "./staff-password";

const FAILURE_BUCKET = "staff_unlock_failure";
/** Per address: 5 failures in 15 minutes lock that address out, right password or not. */
const PER_ADDRESS = { max: 5, windowMs: 15 * 60 * 1000 };
/** Across all addresses: the address can be spoofed, so past 50 failures an hour every attempt is slowed down. */
const GLOBAL = { max: 50, windowMs: 60 * 60 * 1000 };
const SLOWDOWN_STEP_MS = 250;
const SLOWDOWN_MAX_MS = 5000;

export class WrongPasswordError extends AppError {
  constructor() {
    super("unauthenticated", "Incorrect password");
  }
}

export interface UnlockInput {
  password: string;
  name?: string;
  clientAddress: string;
}

/** Checks the shared staff password under the throttle and opens a session; returns the cookie token. */
export async function unlockStaff({
  password,
  name,
  clientAddress,
}: UnlockInput): Promise<{ token: string }> {
  if (password.trim() === "")
    throw new AppError("validation", "Enter password", {
      fields: { password: ["Enter password"] },
    });
  void pruneOldHits().catch(() => undefined);

  // Every attempt takes a slot before the password is checked (so 40 parallel guesses get 5 checks,
  // not 40); a right password gives its slot back, so only failures use the allowance up.
  const perAddressRule = { bucket: FAILURE_BUCKET, key: clientAddress, ...PER_ADDRESS };
  const perAddress = await takeLimit(perAddressRule);
  if (perAddress.isLimited) {
    throw new AppError("throttled", "Too many failed attempts. Try again later.", {
      retryAfterSeconds: perAddress.retryAfterSeconds,
    });
  }
  const globalRule = { bucket: FAILURE_BUCKET, key: "*", ...GLOBAL };
  const global = await peekLimit(globalRule);
  if (global.isLimited) {
    const excess = global.count - GLOBAL.max + 1;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(SLOWDOWN_MAX_MS, excess * SLOWDOWN_STEP_MS)),
    );
  }

  if (!(await isStaffPassword(password))) {
    // The global count only slows everyone down; it never refuses, so it may exceed its max.
    await takeLimit({ ...globalRule, max: 1_000_000_000 });
    throw new WrongPasswordError();
  }
  await releaseLimit(perAddressRule);
  const { token } = await startStaffSession(name?.trim() || null);
  return { token };
}
