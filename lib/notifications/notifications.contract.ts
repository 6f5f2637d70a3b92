/** The staff's in-app notifications (docs/product.md#notifications; lib/http/contract.ts). */
import { z } from "zod";
import { defineContract, zIdOut, zTimestamp } from "@/lib/http/contract";
import {
  NOTIFICATION_KINDS,
  ZMarkNotificationsRead,
  ZNotificationListQuery,
} from "./notification.schema";

const ZNotification = z
  .object({
    id: zIdOut,
    kind: z.enum(NOTIFICATION_KINDS),
    text: z.string().meta({ description: "The sentence, in the reader's staff language." }),
    link: z.string().meta({ description: "The staff page it opens (a path: /crm/leads/{id})." }),
    created_at: zTimestamp,
    read_at: zTimestamp.nullable(),
  })
  .meta({ id: "Notification" });

export const listNotifications = defineContract({
  operationId: "listNotifications",
  method: "GET",
  path: "/api/staff/notifications",
  tag: "staff",
  access: "staff",
  summary: "The signed-in account's notifications, newest first, and how many are unread.",
  description:
    "At most the newest 100; `unread=1` keeps only the unread ones. `unread` in the answer always counts every unread one.",
  query: ZNotificationListQuery,
  responses: {
    200: {
      description: "The notifications and the unread count.",
      schema: z.object({ data: z.array(ZNotification), unread: z.number().int() }),
    },
  },
});

export const markNotificationsRead = defineContract({
  operationId: "markNotificationsRead",
  method: "POST",
  path: "/api/staff/notifications/read",
  tag: "staff",
  access: "staff",
  summary: "Marks some of the account's notifications read (by id, at most 100) or all of them.",
  description:
    'Ids of other accounts\' notifications change nothing. `{"ids": "all"}` marks every one read.',
  body: { schema: ZMarkNotificationsRead, example: { ids: "all" } },
  responses: {
    200: {
      description: "How many were marked now, and how many stay unread.",
      schema: z.object({ updated: z.number().int(), unread: z.number().int() }),
    },
  },
});

export const NOTIFICATION_CONTRACTS = [listNotifications, markNotificationsRead];
