import { testDb } from "./factories";

/**
 * Test files share one database: e-mails an earlier file queued and never delivered, and alerts of leads and
 * proposals it created (each alert queues an e-mail when it runs), would reach this file's SMTP server when its
 * worker runs. A file that counts delivered messages cancels them first.
 */
export async function cancelLeftoverMail(): Promise<void> {
  const db = testDb();
  await db.job.updateMany({
    where: {
      OR: [{ kind: "mail.send" }, { kind: { startsWith: "alert." } }],
      status: { in: ["queued", "running"] },
    },
    data: { status: "cancelled" },
  });
  await db.mailMessage.updateMany({
    where: { status: { in: ["queued", "retrying"] } },
    data: { status: "cancelled" },
  });
}
