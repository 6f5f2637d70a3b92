import { afterAll, beforeAll } from "vitest";
import { testDb } from "./factories";
import { startCaptureSmtp } from "./smtp";

type CaptureSmtp = Awaited<ReturnType<typeof startCaptureSmtp>>;

/**
 * On the embedded server test files share one database (integration-env.ts): e-mails an earlier file queued
 * and never delivered, and alerts of leads and proposals it created (each alert queues an e-mail when it
 * runs), would reach this file's SMTP server when its worker runs. A file that counts delivered messages
 * cancels them first.
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

/**
 * A capturing SMTP server for the whole file, with alerts addressed to `team` and new leads left
 * unassigned (so each test chooses the owner; lib/env.ts reads the setting on first use). Mail an earlier
 * file left queued is cancelled first; the environment is restored after the file.
 */
export function teamMailboxForFile(team: string): { readonly smtp: CaptureSmtp } {
  const previous = {
    SMTP_URL: process.env.SMTP_URL,
    SALES_NOTIFY_EMAIL: process.env.SALES_NOTIFY_EMAIL,
    LEADS_ROUND_ROBIN: process.env.LEADS_ROUND_ROBIN,
  };
  let smtp: CaptureSmtp | undefined;
  beforeAll(async () => {
    smtp = await startCaptureSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.SALES_NOTIFY_EMAIL = team;
    process.env.LEADS_ROUND_ROBIN = "off";
    await cancelLeftoverMail();
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await smtp?.stop();
  });
  return {
    get smtp() {
      if (!smtp) throw new Error("teamMailboxForFile: the SMTP server starts in beforeAll");
      return smtp;
    },
  };
}
