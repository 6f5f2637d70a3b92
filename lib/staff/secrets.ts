import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** A random URL-safe token for a link (256 bits). */
export const newLinkToken = () => randomBytes(32).toString("base64url");

/** Links and backup codes are stored only as a SHA-256: the table alone lets no one in. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const BACKUP_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A backup code such as "k3m9-x7qp-2hdn" (about 64 bits). */
export function newBackupCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => BACKUP_ALPHABET[byte % BACKUP_ALPHABET.length]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)]
    .map((g) => g.join(""))
    .join("-");
}

/** How a typed backup code is compared: lower case, no spaces or dashes. */
export const normaliseBackupCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** The stored form of a backup code however it was typed ("K3M9 X7QP 2HDN" → "k3m9-x7qp-2hdn"). */
export function canonicalBackupCode(code: string): string {
  const plain = normaliseBackupCode(code);
  return plain.length === 12
    ? [plain.slice(0, 4), plain.slice(4, 8), plain.slice(8)].join("-")
    : plain;
}

/** Lower-cased, trimmed: one account per e-mail in any case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
