"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { crmApi } from "@/components/crm/crm-api";
import type { NotificationPageDto } from "@/lib/notifications/notification.schema";

const KEY = ["staff", "notifications"] as const;

/**
 * The account's notifications: each opens what it is about and counts as read; "mark all" clears the
 * count. The header's count is the server's, so the page refreshes it after a change.
 */
export function NotificationList({ initial }: { initial: NotificationPageDto }) {
  const t = useTranslations("Notifications");
  const format = useFormatter();
  const router = useRouter();
  const client = useQueryClient();
  const { data = initial } = useQuery({
    queryKey: KEY,
    queryFn: () => crmApi.notifications(),
    initialData: initial,
  });
  const markRead = useMutation({
    mutationFn: (ids: string[] | "all") => crmApi.markNotificationsRead(ids),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      router.refresh();
    },
  });

  if (data.data.length === 0) return <p className="text-muted">{t("none")}</p>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {t("unread", { count: data.unread })}
        </p>
        {data.unread > 0 && (
          <button
            type="button"
            onClick={() => markRead.mutate("all")}
            disabled={markRead.isPending}
            className="rounded-full border border-border px-3 py-1.5 text-sm font-semibold hover:bg-surface-strong disabled:opacity-60"
          >
            {t("markAll")}
          </button>
        )}
      </div>
      <ul
        className="divide-y divide-border rounded-2xl border border-border bg-background"
        data-testid="notification-list"
      >
        {data.data.map((notification) => (
          <li
            key={notification.id}
            data-unread={notification.read_at ? undefined : true}
            className="flex items-start gap-3 px-4 py-3"
          >
            <span
              aria-hidden="true"
              className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read_at ? "bg-transparent" : "bg-accent"}`}
            />
            <span className="min-w-0 flex-1">
              <IntentLink
                href={notification.link}
                onClick={() => {
                  if (!notification.read_at) markRead.mutate([notification.id]);
                }}
                className={`block break-words hover:underline ${notification.read_at ? "" : "font-semibold"}`}
              >
                {!notification.read_at && <span className="sr-only">{t("new")}: </span>}
                {notification.text}
              </IntentLink>
              <time dateTime={notification.created_at} className="text-xs text-muted">
                {format.dateTime(new Date(notification.created_at), {
                  dateStyle: "medium",
                  timeStyle: "short",
                })}
              </time>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
