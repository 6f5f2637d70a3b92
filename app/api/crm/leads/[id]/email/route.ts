// POST /api/crm/leads/{id}/email: a rep's e-mail to the lead, through the outbox. Contract: lib/crm/lead-workspace.contract.ts.
import * as contracts from "@/lib/crm/lead-workspace.contract";
import { sendLeadEmail } from "@/lib/crm/lead-email.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.sendLeadEmail, async (_request, { params, body, session, reply }) =>
    reply(202, await sendLeadEmail(params.id, body, session)),
  ),
});
