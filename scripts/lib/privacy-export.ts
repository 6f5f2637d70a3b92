import type { PrismaClient } from "@/lib/prisma-client";

/** Events that record a client opening a proposal link (lib/proposals/proposal.repo.ts, recordClientView). */
const VIEW_EVENTS = ["opened", "viewed"];

/**
 * Everything we hold about one e-mail address, for an access request (GDPR art. 15): its leads with
 * their submissions, activities, tasks, proposals (signature, events) and e-mails; proposals that
 * name the address as the client's contact without a lead; other e-mails sent to it; submissions held
 * for review under it; and every view of those proposals with its IP address and browser.
 */
export async function exportPersonalData(prisma: PrismaClient, email: string) {
  const address = email.trim().toLowerCase();
  const proposalDetail = { signature: true, events: { orderBy: { createdAt: "asc" } } } as const;
  const leads = await prisma.lead.findMany({
    where: { email: { equals: address, mode: "insensitive" } },
    include: {
      submissions: true,
      activities: true,
      tasks: true,
      proposals: { include: proposalDetail },
      mails: true,
    },
  });
  const leadIds = leads.map((lead) => lead.id);
  const contactOf = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM proposals
     WHERE lower(data->'client'->>'contactEmail') = ${address}
       AND (lead_id IS NULL OR NOT (lead_id = ANY(${leadIds}::uuid[])))`;
  const otherProposals = await prisma.proposal.findMany({
    where: { id: { in: contactOf.map((row) => row.id) } },
    include: proposalDetail,
  });
  const otherMails = await prisma.mailMessage.findMany({
    where: {
      toAddress: { equals: address, mode: "insensitive" },
      OR: [{ leadId: null }, { leadId: { notIn: leadIds } }],
    },
  });
  const held = await prisma.heldLeadSubmission.findMany({
    where: { email: { equals: address, mode: "insensitive" } },
    orderBy: { createdAt: "asc" },
  });
  const views = [...leads.flatMap((lead) => lead.proposals), ...otherProposals].flatMap(
    (proposal) =>
      proposal.events
        .filter((event) => VIEW_EVENTS.includes(event.type))
        .map((event) => ({
          proposal_id: proposal.id,
          type: event.type,
          at: event.createdAt,
          ip_address: event.ipAddress,
          user_agent: event.userAgent,
        })),
  );
  return JSON.parse(
    JSON.stringify(
      {
        email: address,
        exported_at: new Date().toISOString(),
        leads,
        other_proposals: otherProposals,
        other_emails: otherMails,
        held_submissions: held,
        proposal_views: views,
      },
      (_key, value: unknown) =>
        typeof value === "bigint"
          ? value.toString()
          : value instanceof Uint8Array
            ? Buffer.from(value).toString("base64")
            : value,
    ),
  ) as Record<string, unknown>;
}
