// POST /api/staff/notifications/read: mark some or all read. Contract: lib/notifications/notifications.contract.ts.
import * as contracts from "@/lib/notifications/notifications.contract";
import { markNotificationsRead } from "@/lib/notifications/notification.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.markNotificationsRead, async (_request, { body, session, reply }) =>
    reply(200, await markNotificationsRead(body, session)),
  ),
});
