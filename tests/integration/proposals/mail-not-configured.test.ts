import { beforeAll, expect, it } from "vitest";
import { GET as getProposal } from "@/app/api/crm/proposals/[id]/route";
import { POST as createProposal } from "@/app/api/crm/proposals/route";
import { POST as sendEmail } from "@/app/api/crm/send-email/route";
import { testDb } from "../../support/factories";
import { callRoute } from "../../support/http";
import { staffCookie } from "../../support/staff";

let cookie: string;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  cookie = await staffCookie();
});

it("without SMTP_URL a send is recorded as not sent, answered as a failure, and the proposal stays a draft", async () => {
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
  expect(sent.status).toBe(503);
  expect(sent.json).toMatchObject({
    ok: false,
    status: "not_configured",
    error: { code: "unavailable" },
  });
  const mails = await testDb().mailMessage.findMany({ where: { proposalId: created.json.id } });
  expect(mails.map((m) => [m.status, m.toAddress])).toEqual([["not_configured", "x@example.com"]]);
  const stored = await callRoute(getProposal, {
    path: `/api/crm/proposals/${created.json.id}`,
    params: { id: created.json.id },
    cookie,
  });
  expect(stored.json.data).toMatchObject({ status: "draft", sent_at: null, expires_at: null });
});
