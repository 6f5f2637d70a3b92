// POST /api/crm/send-email {proposal_id, contact_id | to_email, subject, message?}: e-mails a stored proposal's client link; the server writes the HTML.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { ZSendProposalEmail, type MailOutcome } from "@/lib/proposals/proposal.schema";
import { sendProposalEmail } from "@/lib/proposals/proposal-mail.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

// Every attempt is recorded; the status tells the caller what became of it (ok true → sent, otherwise requested).
const HTTP_STATUS: Record<MailOutcome, number> = {
  sent: 200,
  queued: 202,
  not_configured: 503,
  failed: 502,
};

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute("crm.send_email", async (request, { session, client }) => {
    const result = await sendProposalEmail(
      await readJsonBody(request, ZSendProposalEmail),
      auditContextOf(client, session.account),
    );
    const isDelivered = result.status === "sent" || result.status === "queued";
    const body = isDelivered
      ? result
      : { ...result, error: { code: "unavailable", message: result.message } };
    return NextResponse.json(body, { status: HTTP_STATUS[result.status] });
  }),
});
