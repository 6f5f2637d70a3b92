// GET /api/staff/directory: the active staff accounts (id, name, role), for owner and assignee pickers.
import { NextResponse } from "next/server";
import { listActiveAccounts } from "@/lib/staff/account-directory.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute("staff.directory", async () => NextResponse.json(await listActiveAccounts())),
});
