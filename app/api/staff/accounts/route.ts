// GET /api/staff/accounts: every staff account (owner); POST: invite someone by e-mail (owner).
import { inviteAccount, listAccounts } from "@/lib/staff/account.service";
import * as contracts from "@/lib/staff/staff.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listAccounts, async (_request, { reply }) =>
    reply(200, { data: await listAccounts() }),
  ),
  POST: staffRoute(contracts.inviteAccount, async (_request, { body, session, reply }) =>
    reply(201, await inviteAccount(body, session.account, new Date(), session.lang)),
  ),
});
