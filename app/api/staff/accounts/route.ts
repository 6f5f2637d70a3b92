// GET /api/staff/accounts: every staff account (owner); POST: invite someone by e-mail (owner).
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { inviteAccount, listAccounts } from "@/lib/staff/account.service";
import { ZInviteAccount } from "@/lib/staff/staff-auth.schema";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "staff.accounts.list",
    async () => NextResponse.json({ data: await listAccounts() }),
    { role: "owner" },
  ),
  POST: staffRoute(
    "staff.accounts.invite",
    async (request, { session }) =>
      NextResponse.json(
        await inviteAccount(
          await readJsonBody(request, ZInviteAccount),
          session.account,
          new Date(),
          session.lang,
        ),
        { status: 201 },
      ),
    { role: "owner" },
  ),
});
