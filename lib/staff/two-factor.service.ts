import "server-only";
import { appError } from "@/lib/http/server-message";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { generateRandomString } from "better-auth/crypto";
import { generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { site } from "@/lib/site";
import {
  enableTwoFactor,
  findTotpSecret,
  findTwoFactorState,
  savePendingTwoFactor,
} from "./account.repo";
import { staffAuth } from "./auth";
import { newBackupCode } from "./secrets";
import type { StaffAccountRef } from "./session.service";

/*
 * Two-factor data lives in Better Auth's twoFactor plugin format (staff_two_factors: the secret and the
 * backup codes encrypted with SESSION_SECRET), and its sign-in challenge, code check and backup codes
 * run through auth.api (sign-in.service.ts). Enrolment is ours: its own endpoint asks for the password
 * again and swaps the session, and our account menu (and its contract) does neither.
 */

const BACKUP_CODE_COUNT = 10;

const encryptionKey = async () => (await staffAuth().$context).secretConfig;

/** RFC 4648 base32, as authenticator apps read the plugin's secret (its bytes are the string's). */
function base32(text: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const byte of Buffer.from(text, "utf8")) bits += byte.toString(2).padStart(8, "0");
  let out = "";
  for (let i = 0; i < bits.length; i += 5)
    out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, "0"), 2)];
  return out;
}

/** Which time step a code belongs to (±1 step), or null when it is not a right code for the secret. */
async function stepOfCode(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret: base32(secret),
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
  }).catch(() => ({ valid: false as const }));
  return result.valid ? Math.floor(now.getTime() / 30_000) + result.delta : null;
}

/** The step a sign-in code matches for an account with two-factor on: the replay guard claims it. */
export async function matchingTotpStep(accountId: string, code: string, now = new Date()) {
  const encrypted = await findTotpSecret(accountId);
  if (!encrypted) return null;
  const secret = await symmetricDecrypt({ key: await encryptionKey(), data: encrypted });
  return stepOfCode(secret, code, now);
}

/** Step 1 of enrolment: a new secret (not in force until confirmed), as a QR code and as text. */
export async function startTwoFactorEnrolment(account: StaffAccountRef) {
  const state = await findTwoFactorState(account.id);
  if (state?.twoFactorEnabled) throw appError("conflict", "twoFactorAlreadyOn");
  const key = await encryptionKey();
  // The plugin's own secret shape (32 random characters) and storage (encrypted).
  const secret = generateRandomString(32);
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await savePendingTwoFactor({
    id: account.id,
    secret: await symmetricEncrypt({ key, data: secret }),
    backupCodes: await symmetricEncrypt({ key, data: JSON.stringify(codes) }),
  });
  const textSecret = base32(secret);
  const uri = generateURI({ issuer: site.name, label: account.email, secret: textSecret });
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret: textSecret, otpauth_uri: uri, qr_svg: qrSvg };
}

/** Step 2: a code from the app proves the secret was stored; two-factor goes on and backup codes are shown once. */
export async function confirmTwoFactorEnrolment(
  account: StaffAccountRef,
  code: string,
  now = new Date(),
) {
  const state = await findTwoFactorState(account.id);
  const pending = state?.twoFactors[0];
  if (!pending || pending.verified || state.twoFactorEnabled)
    throw appError("conflict", "restartSetUp");
  const key = await encryptionKey();
  const step = await stepOfCode(await symmetricDecrypt({ key, data: pending.secret }), code, now);
  if (step === null)
    throw appError("validation", "wrongCode", {
      fields: { code: ["That code is not right. Try the newest one."] },
    });
  await enableTwoFactor({ id: account.id, step });
  // The backup codes the plugin holds for this account, shown this once.
  const { backupCodes } = await staffAuth().api.viewBackupCodes({ body: { userId: account.id } });
  return { backup_codes: backupCodes };
}

export async function hasTwoFactor(accountId: string): Promise<boolean> {
  return Boolean((await findTwoFactorState(accountId))?.twoFactorEnabled);
}
