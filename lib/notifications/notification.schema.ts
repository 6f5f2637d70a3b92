import { z } from "zod";

/** What a notification tells (docs/product.md#notifications). */
export const NOTIFICATION_KINDS = [
  "new_lead",
  "lead_assigned",
  "proposal_opened",
  "proposal_signed",
  "task_due",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The most a page of notifications holds: the list is a working view, not an archive. */
export const NOTIFICATIONS_PAGE_SIZE = 100;

export const ZNotificationListQuery = z.strictObject({
  /** `1`: only the unread ones. */
  unread: z.enum(["1", "0"], { error: "unread must be 1 or 0." }).optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** Marks some notifications read (their ids, at most a page) or every one of the account's. */
export const ZMarkNotificationsRead = z.strictObject({
  ids: z.union([
    z.literal("all"),
    z
      .array(z.uuid("Each id must be a notification's id."))
      .min(1, "Name at least one notification.")
      .max(NOTIFICATIONS_PAGE_SIZE, `Name at most ${NOTIFICATIONS_PAGE_SIZE} notifications.`),
  ]),
});
export type TMarkNotificationsRead = z.infer<typeof ZMarkNotificationsRead>;

export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

export interface NotificationPageDto {
  data: NotificationDto[];
  unread: number;
}
