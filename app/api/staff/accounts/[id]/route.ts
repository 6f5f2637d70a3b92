// PATCH /api/staff/accounts/{id}: an owner changes the role, deactivates, unlocks, resets two-factor or issues a reset link.
import { NextResponse } from "next/server";
import { z } from "zod";
import { readJsonBody } from "@/lib/http/parse";
import { zRouteId } from "@/lib/http/route";
import { updateAccount } from "@/lib/staff/account.service";
import { ZUpdateAccount } from "@/lib/staff/staff-auth.schema";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  PATCH: staffRoute(
    "staff.accounts.update",
    async (request, { params, session }) =>
      NextResponse.json(
        await updateAccount(
          params.id,
          await readJsonBody(request, ZUpdateAccount),
          session.account,
        ),
      ),
    { role: "owner", params: z.object({ id: zRouteId }) },
  ),
});
