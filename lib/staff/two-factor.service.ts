import "server-only";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { AppError } from "@/lib/http/app-error";
import { site } from "@/lib/site";
import { enableTotp, findTotpState, savePendingTotpSecret } from "./account.repo";
import { newBackupCode, normaliseBackupCode, sha256 } from "./secrets";
import type { StaffAccountRef } from "./session.service";

const BACKUP_CODE_COUNT = 10;

/** Step 1 of enrolment: a new secret (not in force until confirmed), as a QR code and as text. */
export async function startTwoFactorEnrolment(account: StaffAccountRef) {
  const state = await findTotpState(account.id);
  if (state?.totpEnabledAt)
    throw new AppError("conflict", "Two-factor is already on. Ask the owner to reset it first.");
  const secret = generateSecret();
  await savePendingTotpSecret(account.id, secret);
  const uri = generateURI({ issuer: site.name, label: account.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, otpauth_uri: uri, qr_svg: qrSvg };
}

/** Step 2: a code from the app proves the secret was stored; two-factor goes on and backup codes are shown once. */
export async function confirmTwoFactorEnrolment(
  account: StaffAccountRef,
  code: string,
  now = new Date(),
) {
  const state = await findTotpState(account.id);
  if (!state?.totpSecret || state.totpEnabledAt)
    throw new AppError("conflict", "Start the set-up again.");
  const result = await verify({
    secret: state.totpSecret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
  }).catch(() => ({ valid: false as const }));
  if (!result.valid)
    throw new AppError("validation", "That code is not right. Try the newest one.", {
      fields: { code: ["That code is not right. Try the newest one."] },
    });
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await enableTotp({
    id: account.id,
    step: Math.floor(now.getTime() / 30_000) + result.delta,
    codeHashes: codes.map((c) => sha256(normaliseBackupCode(c))),
    now,
  });
  return { backup_codes: codes };
}

export async function hasTwoFactor(accountId: string): Promise<boolean> {
  return Boolean((await findTotpState(accountId))?.totpEnabledAt);
}
