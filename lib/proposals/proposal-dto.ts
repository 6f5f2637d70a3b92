import "server-only";
import { randomBytes } from "node:crypto";
import { clientLinkOf } from "./proposal-mail";
import type { ProposalRow, SignatureRow } from "./proposal.repo";
import {
  clientNameOf,
  hasClientName,
  ZProposalData,
  type ProposalData,
  ZTranslations,
  type ProposalLang,
  type ProposalStatus,
  type ProposalTranslations,
  type ProposalSummaryDto,
  type SignatureDto,
} from "./proposal.schema";

export const DAY_MS = 24 * 60 * 60 * 1000;
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Stored data is re-read through the schema, so older rows get today's defaults. */
export function dataOf(row: Pick<ProposalRow, "data">): ProposalData {
  return ZProposalData.parse(row.data);
}

/** The stored translations, each re-read through the schema; a malformed one is left out. */
export function translationsOf(row: Pick<ProposalRow, "translations">): ProposalTranslations {
  const parsed = ZTranslations.safeParse(row.translations ?? {});
  return parsed.success ? parsed.data : {};
}

/** The content in every language the proposal has, main language first. */
export function documentsOf(
  row: Pick<ProposalRow, "data" | "translations">,
): Partial<Record<ProposalLang, ProposalData>> {
  const data = dataOf(row);
  return { ...translationsOf(row), [data.lang]: data };
}

export const langOf = (value: string): ProposalLang => (value === "en" ? "en" : "es");

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSignatureDto(row: SignatureRow): SignatureDto {
  return {
    full_name: row.fullName,
    role: row.role,
    company: row.company,
    date: row.signedDate,
    image: row.image ? `data:image/png;base64,${Buffer.from(row.image).toString("base64")}` : null,
    signed_at: row.signedAt.toISOString(),
    content_sha256: row.contentSha256,
    version: row.version,
    lang: langOf(row.lang),
  };
}

/** A shared proposal past its date is expired, whether or not anyone has looked at it since. */
export function isPastExpiry(
  row: Pick<ProposalRow, "status" | "expiresAt">,
  now = new Date(),
): boolean {
  return (
    row.status === "expired" ||
    ((row.status === "shared" || row.status === "viewed") &&
      row.expiresAt !== null &&
      row.expiresAt < now)
  );
}

export function statusOf(row: Pick<ProposalRow, "status" | "expiresAt">): ProposalStatus {
  return isPastExpiry(row) ? "expired" : row.status;
}

export function toSummaryDto(row: ProposalRow): ProposalSummaryDto {
  const data = dataOf(row);
  return {
    id: row.id,
    token: row.token,
    url: clientLinkOf(row.token),
    status: statusOf(row),
    lang: langOf(row.lang),
    title: data.title,
    client_name: clientNameOf(data),
    client_named: hasClientName(data),
    lead_id: row.leadId,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    first_viewed_at: iso(row.firstViewedAt),
    signed_at: iso(row.signedAt),
    expires_at: iso(row.expiresAt),
    version: row.version,
    withdrawn_at: iso(row.withdrawnAt),
    reminders_enabled: row.remindersEnabled,
    erased_at: iso(row.erasedAt),
  };
}
