// GET /api/staff/notifications: the account's notifications. Contract: lib/notifications/notifications.contract.ts.
import * as contracts from "@/lib/notifications/notifications.contract";
import { listNotifications } from "@/lib/notifications/notification.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listNotifications, async (_request, { query, session, reply }) =>
    reply(200, await listNotifications(query, session)),
  ),
});
