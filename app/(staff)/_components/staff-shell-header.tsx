import { StaffHeader } from "@/components/staff/staff-header";
import { unreadCount } from "@/lib/notifications/notification.service";
import { site } from "@/lib/site";
import type { StaffSession } from "@/lib/staff/session.service";
import { staffNavFor } from "@/lib/staff/staff-nav";

/** The staff shell's header for a signed-in page: the navigation holds only what the session's role may open. */
export async function StaffShellHeader({
  session,
  title,
  isSticky,
}: {
  session: StaffSession;
  title: string;
  isSticky?: boolean;
}) {
  // The unread count beside the notifications link; a count that cannot be read hides only the number.
  const unread = session.mustEnrolTwoFactor ? null : await unreadCount(session).catch(() => null);
  return (
    <StaffHeader
      brand={site.name}
      title={title}
      actorName={session.actorName}
      // Until two-factor is set up, the account page is the only one that opens (lib/staff/staff-page.ts).
      nav={session.mustEnrolTwoFactor ? [] : staffNavFor(session.account.role)}
      isSticky={isSticky}
      notifications={session.mustEnrolTwoFactor ? undefined : { unread: unread ?? 0 }}
    />
  );
}
