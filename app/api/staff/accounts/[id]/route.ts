// PATCH /api/staff/accounts/{id}: an owner changes the role, deactivates, unlocks, resets two-factor or issues a reset link.
import { updateAccount } from "@/lib/staff/account.service";
import * as contracts from "@/lib/staff/staff.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  PATCH: staffRoute(contracts.updateAccount, async (_request, { params, body, session, reply }) =>
    reply(200, await updateAccount(params.id, body, session.account)),
  ),
});
