// POST /api/crm/send-email: queues the e-mail of a stored proposal's client link (the server writes the HTML); 202 at once, or with `preview` the message itself (200), queuing nothing.
import { assertMaySendProposal } from "@/lib/proposals/proposal-access.service";
import { previewProposalEmail, sendProposalEmail } from "@/lib/proposals/proposal-mail.service";
import * as contracts from "@/lib/proposals/proposals.contract";
import { auditContextOf } from "@/lib/proposals/request-context";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(
    contracts.sendProposalEmail,
    async (_request, { body, session, client, reply }) => {
      await assertMaySendProposal(session, body);
      const author = { name: session.account.name, email: session.account.email };
      if (body.preview) return reply(200, await previewProposalEmail(body, author));
      return reply(
        202,
        await sendProposalEmail(body, auditContextOf(client, session.account), author),
      );
    },
  ),
});
