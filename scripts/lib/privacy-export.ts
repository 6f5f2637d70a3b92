import type { PrismaClient } from "@/lib/prisma-client";

/** Everything we hold about one e-mail address, for an access request (GDPR art. 15). */
export async function exportPersonalData(prisma: PrismaClient, email: string) {
  const address = email.trim().toLowerCase();
  const leads = await prisma.lead.findMany({
    where: { email: { equals: address, mode: "insensitive" } },
    include: {
      submissions: true,
      activities: true,
      tasks: true,
      proposals: { include: { signature: true, events: true } },
      mails: true,
    },
  });
  const leadIds = leads.map((lead) => lead.id);
  const otherMails = await prisma.mailMessage.findMany({
    where: {
      toAddress: { equals: address, mode: "insensitive" },
      OR: [{ leadId: null }, { leadId: { notIn: leadIds } }],
    },
  });
  const held = await prisma.heldLeadSubmission.findMany({
    where: { email: { equals: address, mode: "insensitive" } },
  });
  return JSON.parse(
    JSON.stringify(
      {
        email: address,
        exported_at: new Date().toISOString(),
        leads,
        other_emails: otherMails,
        held_submissions: held,
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
