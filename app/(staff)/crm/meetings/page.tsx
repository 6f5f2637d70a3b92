import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { MEETING_SPANS } from "@/components/meetings/meeting-spans";
import { MyMeetings } from "@/components/meetings/my-meetings";
import { LockScreen } from "@/components/staff/lock-screen";
import { site } from "@/lib/site";
import { listAccountsWithStatus } from "@/lib/staff/account-directory.service";
import { roleAtLeast } from "@/lib/staff/roles";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { MeetingsSubnav } from "./_components/meetings-subnav";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Meetings" });
  return { title: `${t("pages.mine")} · ${site.name}` };
}

/** "My meetings" (docs/product.md#meetings): today, this week, what is coming and what awaits an outcome. */
export default async function MyMeetingsPage({ searchParams }: PageProps<"/crm/meetings">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Meetings" });
  const isManager = roleAtLeast(session.account.role, "manager");
  const params = await searchParams;
  const span = MEETING_SPANS.find((item) => item === params.span);
  // Managers and owners may look at anyone's meetings: ?whose= is me, all, or an account's id (the
  // accounts page links a leaver's upcoming meetings that way, to hand them over).
  const people = isManager ? await listAccountsWithStatus() : [];
  const colleagues = people.filter((person) => person.active).map(({ id, name }) => ({ id, name }));
  const named = people.find(
    (person) => person.id === params.whose && person.id !== session.account.id,
  );
  const initialWhose = params.whose === "all" ? "all" : named ? named.id : "me";
  return (
    <>
      <StaffShellHeader session={session} title={t("pages.mine")} />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <div className="space-y-3">
          <h1 className="font-display text-2xl font-semibold">{t("pages.mine")}</h1>
          <p className="text-muted">{t("mineIntro")}</p>
          <MeetingsSubnav current="mine" mayManageTypes={isManager} />
        </div>
        <MyMeetings
          mayViewEveryone={isManager}
          viewerId={session.account.id}
          initialSpan={span}
          initialWhose={initialWhose}
          colleagues={colleagues}
          formerColleague={named && !named.active ? { id: named.id, name: named.name } : undefined}
        />
      </main>
    </>
  );
}
