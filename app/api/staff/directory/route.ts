// GET /api/staff/directory: the active staff accounts (id, name, role), for owner and assignee pickers.
import { listActiveAccounts } from "@/lib/staff/account-directory.service";
import { directory } from "@/lib/staff/staff.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(directory, async (_request, { reply }) => reply(200, await listActiveAccounts())),
});
