import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { AccountsManager } from "@/components/staff/accounts-manager";
import { LockScreen } from "@/components/staff/lock-screen";
import { site } from "@/lib/site";
import { SalesAccessSettings } from "@/components/staff/sales-access-settings";
import { openWorkByAccount } from "@/lib/crm/open-work.service";
import { listAccounts } from "@/lib/staff/account.service";
import { roleAtLeast } from "@/lib/staff/roles";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { getStaffSettings } from "@/lib/staff/staff-settings.service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Staff.Accounts" });
  return { title: `${t("title")} · ${site.name}` };
}

/** Staff accounts (owner only; the page checks the role itself, as the API does). */
export default async function AccountsPage() {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Staff.Accounts" });
  const isOwner = roleAtLeast(session.account.role, "owner");
  const settings = isOwner ? await getStaffSettings() : null;
  const accounts = settings ? await listAccounts() : [];
  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <h1 className="font-display text-2xl font-semibold">{t("title")}</h1>
        {settings ? (
          <>
            <AccountsManager
              initialAccounts={accounts}
              openWork={await openWorkByAccount(accounts.map((account) => account.id))}
              initialRequireTwoFactor={settings.require_two_factor}
              selfId={session.account.id}
            />
            <SalesAccessSettings initial={settings} />
          </>
        ) : (
          <p role="alert">{t("ownerOnly")}</p>
        )}
      </main>
    </>
  );
}
