// POST /api/crm/send-email {proposal_id, contact_id | to_email, subject, message?}: queues the e-mail of a stored proposal's client link (the server writes the HTML); 202 at once.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { assertMaySendProposal } from "@/lib/proposals/proposal-access.service";
import { ZSendProposalEmail } from "@/lib/proposals/proposal.schema";
import { sendProposalEmail } from "@/lib/proposals/proposal-mail.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  POST: staffRoute("crm.send_email", async (request, { session, client }) => {
    const input = await readJsonBody(request, ZSendProposalEmail);
    await assertMaySendProposal(session, input);
    return NextResponse.json(
      await sendProposalEmail(input, auditContextOf(client, session.account)),
      { status: 202 },
    );
  }),
});
