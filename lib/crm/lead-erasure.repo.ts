import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { forgetNotificationsAbout } from "@/lib/notifications/notification.service";

/** A proposal's content without the client's contact (the e-mail and the CRM id it names). */
function withoutContact(data: Prisma.JsonValue): Prisma.InputJsonValue {
  if (!data || typeof data !== "object" || Array.isArray(data)) return (data ?? {}) as object;
  const client = data.client;
  if (!client || typeof client !== "object" || Array.isArray(client)) return data;
  return { ...data, client: { ...client, contactEmail: "", contactId: "" } };
}

/** The same for every language of a proposal's `translations` ({"en": ProposalData}). */
function translationsWithoutContact(translations: Prisma.JsonValue): Prisma.InputJsonValue {
  if (!translations || typeof translations !== "object" || Array.isArray(translations)) return {};
  return Object.fromEntries(
    Object.entries(translations).map(([lang, data]) => [lang, withoutContact(data ?? null)]),
  );
}

/**
 * A stored version's content without the client's contact: `{data, translations}`, or the bare
 * content of versions written before proposals had translations.
 */
function versionWithoutContact(version: Prisma.JsonValue): Prisma.InputJsonValue {
  if (version && typeof version === "object" && !Array.isArray(version) && "data" in version)
    return {
      ...version,
      data: withoutContact(version.data ?? null),
      translations: translationsWithoutContact(version.translations ?? null),
    };
  return withoutContact(version);
}

/**
 * In one transaction: the lead's personal data goes from the lead, its submissions, activities, tasks
 * and e-mails (unsent ones are cancelled), and the submissions held for review under its e-mail are
 * deleted. Its proposals close their client link and lose the client's contact in every version and
 * the IP address and browser of every event; a signature keeps only the legal record
 * (docs/product.md, "Erasure and signed records"): the company stands in for the signer's name, and
 * the drawn image, the sealed PDF, role, IP and browser go, while the hashes, version and times stay.
 * One "erased" activity records who did it. False when there is no such lead.
 */
export async function eraseLeadData(
  leadId: string,
  actor: string | null,
  note = "Personal data erased on request.",
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const lead = await tx.lead.findUnique({
      where: { id: leadId },
      select: { company: true, email: true },
    });
    if (!lead) return false;
    if (lead.email)
      await tx.heldLeadSubmission.deleteMany({
        where: { email: { equals: lead.email.trim(), mode: "insensitive" } },
      });
    await tx.lead.update({
      where: { id: leadId },
      data: { name: null, email: null, phone: null },
    });
    await tx.leadSubmission.updateMany({
      where: { leadId },
      data: { answers: {}, userAgent: null, referrer: null, bodyHash: null },
    });
    await tx.activity.deleteMany({ where: { leadId } });
    await tx.task.deleteMany({ where: { leadId } });

    const proposals = await tx.proposal.findMany({
      where: { leadId },
      select: {
        id: true,
        data: true,
        translations: true,
        erasedAt: true,
        signature: { select: { company: true } },
        versions: { select: { id: true, data: true } },
      },
    });
    const proposalIds = proposals.map((proposal) => proposal.id);
    await forgetNotificationsAbout(leadId, proposalIds, tx);
    const mails = { OR: [{ leadId }, { proposalId: { in: proposalIds } }] };
    await tx.mailMessage.updateMany({
      where: { ...mails, status: { in: ["queued", "retrying", "failed"] } },
      data: { status: "cancelled", nextAttemptAt: null },
    });
    await tx.mailMessage.updateMany({
      where: mails,
      data: {
        toAddress: "",
        subject: "",
        bodyHtml: "",
        bodyText: "",
        attachments: [],
        lastError: null,
      },
    });
    const erasedAt = new Date();
    for (const proposal of proposals) {
      await tx.proposal.update({
        where: { id: proposal.id },
        data: {
          data: withoutContact(proposal.data),
          translations: translationsWithoutContact(proposal.translations),
          erasedAt: proposal.erasedAt ?? erasedAt,
        },
      });
      for (const version of proposal.versions)
        await tx.proposalVersion.update({
          where: { id: version.id },
          data: { data: versionWithoutContact(version.data) },
        });
      if (proposal.signature)
        await tx.proposalSignature.update({
          where: { proposalId: proposal.id },
          data: {
            fullName: proposal.signature.company || lead.company || "",
            role: "",
            image: null,
            pdf: null,
            ipAddress: null,
            userAgent: null,
          },
        });
    }
    await tx.proposalEvent.updateMany({
      where: { proposalId: { in: proposalIds } },
      data: { ipAddress: null, userAgent: null },
    });
    await tx.activity.create({
      data: {
        leadId,
        type: "erased",
        content: note,
        actor,
      },
    });
    return true;
  });
}

/**
 * Leads that still hold personal data and whose last sign of life is before `cutoff`: the lead's
 * own last change, its newest activity, submission, task change or proposal change.
 */
export async function selectLeadsInactiveSince(cutoff: Date, limit: number): Promise<string[]> {
  const since = { gte: cutoff };
  const rows = await db.lead.findMany({
    where: {
      OR: [{ name: { not: null } }, { email: { not: null } }, { phone: { not: null } }],
      updatedAt: { lt: cutoff },
      activities: { none: { createdAt: since } },
      submissions: { none: { createdAt: since } },
      tasks: { none: { updatedAt: since } },
      proposals: { none: { updatedAt: since } },
    },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
