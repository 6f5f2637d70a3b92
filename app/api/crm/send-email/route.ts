// POST /api/crm/send-email {proposal_id, contact_id | to_email, subject, message?}: e-mails a stored proposal's client link; the server writes the HTML.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { ZSendProposalEmail } from "@/lib/proposals/proposal.schema";
import { sendProposalEmail } from "@/lib/proposals/proposal.service";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffRoute } from "@/lib/staff/staff-route";

export const POST = staffRoute("crm.send_email", async (request, { session }) => {
  const result = await sendProposalEmail(await readJsonBody(request, ZSendProposalEmail), auditContextOf(request, session.actorName));
  return NextResponse.json(result, { status: result.ok ? 200 : 202 });
});
