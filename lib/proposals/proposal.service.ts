import "server-only";
import { randomBytes } from "node:crypto";
import { addActivity, getLead, isLeadId, moveLead } from "@/lib/crm/lead.service";
import { AppError } from "@/lib/http/app-error";
import { isUniqueViolation } from "@/lib/db-errors";
import { takeLimit } from "@/lib/rate-limit/rate-limit.service";
import { site } from "@/lib/site";
import { contentSha256 } from "./content-hash";
import { deliverMail, type OutgoingMail } from "./mail";
import {
  buildProposalEmail,
  buildSignedClientEmail,
  buildSignedStaffEmail,
  clientLinkOf,
} from "./proposal-mail";
import {
  insertEvent,
  insertMailMessage,
  insertProposal,
  insertSignature,
  markExpired,
  markSent,
  recordClientView,
  selectProposal,
  selectProposalByToken,
  selectProposals,
  updateUnsignedProposalData,
  type AuditContext,
  type ProposalRow,
  type SignatureRow,
} from "./proposal.repo";
import {
  clientNameOf,
  PROPOSAL_VALID_DAYS,
  ZProposalData,
  type ProposalData,
  type ProposalDto,
  type ProposalSummaryDto,
  type PublicProposalDto,
  type SendEmailResultDto,
  type SignatureDto,
  type TCreateProposal,
  type TSendProposalEmail,
  type TSignProposal,
} from "./proposal.schema";
import { validateSignatureImage } from "./signature-image";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Signing attempts one link accepts per hour; keyed on the proposal, since client addresses can be forged. */
const SIGNATURE_ATTEMPTS = { bucket: "proposal_signature", max: 20, windowMs: 60 * 60 * 1000 };
const LIST_LIMIT = 200;
/** 32 random bytes in base64url: 43 characters, 256 bits. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Unknown and malformed tokens answer exactly alike, so a link cannot be probed for its shape. */
const unknownToken = () => new AppError("not_found", "There is no proposal at this link.");
const unknownProposal = () => new AppError("not_found", "There is no proposal with this id.");

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Stored data is re-read through the schema, so older rows get today's defaults. */
function dataOf(row: Pick<ProposalRow, "data">): ProposalData {
  return ZProposalData.parse(row.data);
}

function toSignatureDto(row: SignatureRow): SignatureDto {
  return {
    full_name: row.fullName,
    role: row.role,
    company: row.company,
    date: row.signedDate,
    image: `data:image/png;base64,${Buffer.from(row.image).toString("base64")}`,
    signed_at: row.signedAt.toISOString(),
    content_sha256: row.contentSha256,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A sent proposal past its date is expired, whether or not anyone has looked at it since. */
function isPastExpiry(row: Pick<ProposalRow, "status" | "expiresAt">, now = new Date()): boolean {
  return (
    row.status === "expired" ||
    ((row.status === "sent" || row.status === "viewed") &&
      row.expiresAt !== null &&
      row.expiresAt < now)
  );
}

function toSummaryDto(row: ProposalRow): ProposalSummaryDto {
  const data = dataOf(row);
  return {
    id: row.id,
    token: row.token,
    url: clientLinkOf(row.token),
    status: isPastExpiry(row) ? "expired" : row.status,
    lang: row.lang === "en" ? "en" : "es",
    title: data.title,
    client_name: clientNameOf(data),
    lead_id: row.leadId,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    first_viewed_at: iso(row.firstViewedAt),
    signed_at: iso(row.signedAt),
    expires_at: iso(row.expiresAt),
  };
}

/** The lead a proposal belongs to: the one given, else the client's contact id when it names a lead. */
async function resolveLeadId(
  leadId: string | undefined,
  data: ProposalData,
): Promise<string | null> {
  if (leadId) {
    try {
      await getLead(leadId);
    } catch {
      throw new AppError("validation", "There is no lead with this id.", {
        fields: { lead_id: ["There is no lead with this id."] },
      });
    }
    return leadId;
  }
  const contactId = data.client.contactId.trim();
  if (isLeadId(contactId)) {
    try {
      return (await getLead(contactId)).id;
    } catch {
      return null;
    }
  }
  return null;
}

export async function createProposal(
  input: TCreateProposal,
  audit: AuditContext,
): Promise<{ id: string; token: string; url: string }> {
  const leadId = await resolveLeadId(input.lead_id, input.data);
  const row = await insertProposal(
    { token: newToken(), data: input.data, lang: input.data.lang, leadId },
    audit,
  );
  return { id: row.id, token: row.token, url: clientLinkOf(row.token) };
}

export async function listProposals(): Promise<ProposalSummaryDto[]> {
  return (await selectProposals(LIST_LIMIT)).map(toSummaryDto);
}

export async function getProposal(id: string): Promise<ProposalDto> {
  const row = isLeadId(id) ? await selectProposal(id) : null;
  if (!row) throw unknownProposal();
  return {
    ...toSummaryDto(row),
    data: dataOf(row),
    signature: row.signature ? toSignatureDto(row.signature) : null,
  };
}

/** Staff edits; a signed proposal is a record of what the client agreed to and never changes. */
export async function updateProposal(id: string, data: ProposalData): Promise<ProposalDto> {
  const current = await getProposal(id);
  if (current.status === "signed" || !(await updateUnsignedProposalData(id, data, data.lang))) {
    throw new AppError("conflict", "This proposal has been signed and can no longer be edited.");
  }
  return getProposal(id);
}

async function findByToken(token: string) {
  const row = TOKEN_PATTERN.test(token) ? await selectProposalByToken(token) : null;
  if (!row) throw unknownToken();
  return row;
}

/** The client link: records the view (unless staff is previewing) and notices expiry. */
export async function viewProposalByToken(
  token: string,
  audit: AuditContext,
  { isStaffPreview }: { isStaffPreview: boolean },
): Promise<PublicProposalDto> {
  const row = await findByToken(token);
  const isExpired = isPastExpiry(row);
  if (isExpired && row.status !== "expired") await markExpired(row.id, audit);
  if (!isStaffPreview) await recordClientView(row.id, audit);
  const status = isExpired
    ? "expired"
    : !isStaffPreview && row.status === "sent"
      ? "viewed"
      : row.status;
  return {
    proposal_data: dataOf(row),
    status,
    expires_at: iso(row.expiresAt),
    ...(row.signature ? { signature: toSignatureDto(row.signature) } : {}),
  };
}

/** Records the e-mail and what became of it, whatever it was. */
async function sendAndRecord(proposalId: string, kind: string, mail: OutgoingMail) {
  const result = await deliverMail(mail);
  await insertMailMessage({
    proposalId,
    kind,
    toAddress: mail.to,
    subject: mail.subject,
    status: result.status,
    detail: result.detail,
  });
  return result;
}

export async function signProposal(
  token: string,
  input: TSignProposal,
  audit: AuditContext,
): Promise<{ status: "signed"; signature: SignatureDto }> {
  const row = await findByToken(token);
  if (row.signature || row.status === "signed")
    throw new AppError("conflict", "This proposal has already been signed.");
  if (isPastExpiry(row)) {
    await markExpired(row.id, audit);
    throw new AppError("gone", "This proposal has expired and can no longer be signed.");
  }
  const attempts = await takeLimit({ ...SIGNATURE_ATTEMPTS, key: row.id });
  if (attempts.isLimited)
    throw new AppError(
      "throttled",
      "Too many signing attempts for this proposal; try again later.",
      { retryAfterSeconds: attempts.retryAfterSeconds },
    );
  const image = validateSignatureImage(input.image);
  const data = dataOf(row);
  const hash = contentSha256(data);
  let saved: SignatureRow | null;
  try {
    saved = await insertSignature(
      row.id,
      row.updatedAt,
      {
        fullName: input.full_name,
        role: input.role,
        company: input.company,
        signedDate: input.date,
        image: new Uint8Array(image),
        contentSha256: hash,
      },
      audit,
    );
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", "This proposal has already been signed.");
    throw error;
  }
  // Signed by someone else, or edited by staff, between reading and signing: what was shown is not what is stored.
  if (!saved)
    throw new AppError(
      "conflict",
      "This proposal changed or was signed while you were signing; reload it and try again.",
    );

  if (row.leadId) {
    const actor = input.full_name;
    await addActivity(
      row.leadId,
      {
        type: "proposal_signed",
        content: `${data.title || clientNameOf(data)} — ${input.full_name} (${input.role}, ${input.company})`,
      },
      actor,
    );
    await moveLead(row.leadId, "Won", actor);
  }
  const mailInput = {
    data,
    token,
    signer: { fullName: input.full_name, role: input.role, company: input.company },
    signedAt: saved.signedAt,
    contentSha256: hash,
  };
  const clientEmail = await clientEmailOf(data, row.leadId);
  if (clientEmail)
    await sendAndRecord(
      row.id,
      "signed_client",
      buildSignedClientEmail({ ...mailInput, to: clientEmail }),
    );
  await sendAndRecord(
    row.id,
    "signed_staff",
    buildSignedStaffEmail({ ...mailInput, to: site.contactEmail }),
  );
  return { status: "signed", signature: toSignatureDto(saved) };
}

async function clientEmailOf(data: ProposalData, leadId: string | null): Promise<string | null> {
  if (data.client.contactEmail) return data.client.contactEmail;
  const contactId = leadId ?? data.client.contactId;
  if (!isLeadId(contactId)) return null;
  try {
    return (await getLead(contactId)).email;
  } catch {
    return null;
  }
}

/** Where a send request goes: the e-mail given, else the contact's (a CRM lead's) e-mail. */
async function recipientOf(input: TSendProposalEmail): Promise<string> {
  if (input.to_email) return input.to_email;
  const noContact = new AppError("validation", "The client has no contact e-mail.", {
    fields: { contact_id: ["The client has no contact e-mail."] },
  });
  if (!input.contact_id || !isLeadId(input.contact_id)) throw noContact;
  try {
    const email = (await getLead(input.contact_id)).email;
    if (!email) throw noContact;
    return email;
  } catch {
    throw noContact;
  }
}

/**
 * Sends a stored proposal to its client. The HTML is built here from the proposal, never taken from
 * the browser. A sent or queued message marks the proposal sent (starting its 30 days) and notes it
 * on the lead; a message that did not leave is recorded and reported as such, never as a success.
 */
export async function sendProposalEmail(
  input: TSendProposalEmail,
  audit: AuditContext,
): Promise<SendEmailResultDto> {
  const proposal = await getProposal(input.proposal_id);
  if (proposal.status === "signed")
    throw new AppError("conflict", "This proposal has already been signed.");
  const to = await recipientOf(input);
  const now = new Date();
  const expiresAt =
    proposal.expires_at && proposal.status !== "expired"
      ? new Date(proposal.expires_at)
      : new Date(now.getTime() + PROPOSAL_VALID_DAYS * DAY_MS);
  const mail = buildProposalEmail({
    data: proposal.data,
    token: proposal.token,
    to,
    subject: input.subject,
    message: input.message,
    validUntil: expiresAt,
  });
  const result = await sendAndRecord(proposal.id, "proposal", mail);
  if (result.status === "sent" || result.status === "queued") {
    await markSent(proposal.id, now, expiresAt, audit);
    await insertEvent(proposal.id, "email_sent", audit);
    if (proposal.lead_id)
      await addActivity(
        proposal.lead_id,
        { type: "proposal_sent", content: `${proposal.title || proposal.client_name} → ${to}` },
        audit.actor ?? null,
      );
  }
  const message = {
    sent: "The e-mail was sent.",
    queued: "The mail server accepted the e-mail for later delivery.",
    not_configured: "E-mail is not configured on this server (SMTP_URL); nothing was sent.",
    failed: "The e-mail could not be sent.",
  }[result.status];
  return { ok: result.status === "sent", status: result.status, message };
}
