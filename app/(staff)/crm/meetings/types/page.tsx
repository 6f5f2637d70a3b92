import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { MeetingTypesManager } from "@/components/meetings/meeting-types-manager";
import { LockScreen } from "@/components/staff/lock-screen";
import { site } from "@/lib/site";
import { listAccountsWithStatus } from "@/lib/staff/account-directory.service";
import { roleAtLeast } from "@/lib/staff/roles";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { MeetingsSubnav } from "../_components/meetings-subnav";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Meetings" });
  return { title: `${t("pages.types")} · ${site.name}` };
}

/** Meeting types: what visitors can book at /book/{slug}, for managers and owners. */
export default async function MeetingTypesPage() {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Meetings" });
  const isManager = roleAtLeast(session.account.role, "manager");
  const hosts = isManager
    ? (await listAccountsWithStatus()).map(({ id, name, active }) => ({ id, name, active }))
    : [];
  return (
    <>
      <StaffShellHeader session={session} title={t("pages.types")} />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <div className="space-y-3">
          <h1 className="font-display text-2xl font-semibold">{t("pages.types")}</h1>
          <p className="text-muted">{t("types.intro")}</p>
          <MeetingsSubnav current="types" mayManageTypes={isManager} />
        </div>
        {isManager ? (
          <MeetingTypesManager hosts={hosts} />
        ) : (
          <p role="alert">{t("types.forbidden")}</p>
        )}
      </main>
    </>
  );
}
