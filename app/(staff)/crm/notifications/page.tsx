import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { NotificationList } from "@/components/notifications/notification-list";
import { LockScreen } from "@/components/staff/lock-screen";
import { listNotifications } from "@/lib/notifications/notification.service";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Notifications" });
  return { title: `${t("title")} · ${site.name}` };
}

/** The signed-in account's notifications, newest first (docs/product.md#notifications). */
export default async function NotificationsPage() {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Notifications" });
  const initial = await listNotifications({}, session);
  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <div className="space-y-1">
          <h1 className="font-display text-2xl font-semibold">{t("title")}</h1>
          <p className="text-muted">{t("intro")}</p>
        </div>
        <NotificationList initial={initial} />
      </main>
    </>
  );
}
