import { beforeAll, expect, it } from "vitest";
import { GET as getProposal } from "@/app/api/crm/proposals/[id]/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as sendEmail } from "@/app/api/crm/send-email/route";
import { drainDueJobs } from "@/lib/jobs/app-worker";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookie } from "../../support/staff";

let cookie: string;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  cookie = await staffCookie();
});

it("without SMTP_URL a send is queued, and the outbox shows why it has not gone out instead of calling it sent", async () => {
  const created = await callRoute(createProposal, {
    method: "POST",
    path: "/api/crm/proposals",
    body: {
      data: { title: "Sin correo", client: { name: "Cliente X", contactEmail: "x@example.com" } },
    },
    cookie,
  });
  const sent = await callRoute(sendEmail, {
    method: "POST",
    path: "/api/crm/send-email",
    body: { proposal_id: created.json.id, to_email: "x@example.com", subject: "Propuesta" },
    cookie,
  });
  expect(sent.status).toBe(202);
  expect(sent.json).toMatchObject({ status: "queued", message_id: expect.any(String) });
  await drainDueJobs();
  const mails = await testDb().mailMessage.findMany({ where: { proposalId: created.json.id } });
  expect(mails.map((m) => [m.status, m.toAddress, m.sentAt])).toEqual([
    ["retrying", "x@example.com", null],
  ]);
  expect(mails[0]!.lastError).toContain("SMTP_URL is not set");
  // Queuing shares the link, as copying it does: the 30 days never depend on a mail server.
  const stored = await callRoute(getProposal, {
    path: `/api/crm/proposals/${created.json.id}`,
    params: { id: created.json.id },
    cookie,
  });
  expect(stored.json.data.status).toBe("shared");
});
