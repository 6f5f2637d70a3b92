import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { AvailabilityForm } from "@/components/meetings/availability-form";
import { LockScreen } from "@/components/staff/lock-screen";
import { site } from "@/lib/site";
import { listActiveAccounts } from "@/lib/staff/account-directory.service";
import { roleAtLeast } from "@/lib/staff/roles";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { MeetingsSubnav } from "../_components/meetings-subnav";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Meetings" });
  return { title: `${t("pages.availability")} · ${site.name}` };
}

/** Working hours for meetings: your own; an owner picks anyone's (the API checks the same rule). */
export default async function AvailabilityPage({
  searchParams,
}: PageProps<"/crm/meetings/availability">) {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Meetings" });
  const isOwner = roleAtLeast(session.account.role, "owner");
  const asked = (await searchParams).account;
  const accounts = isOwner ? await listActiveAccounts() : [];
  const account =
    isOwner && typeof asked === "string" && accounts.some((entry) => entry.id === asked)
      ? asked
      : undefined;
  const shown = accounts.find((entry) => entry.id === (account ?? session.account.id));
  return (
    <>
      <StaffShellHeader session={session} title={t("pages.availability")} />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <div className="space-y-3">
          <h1 className="font-display text-2xl font-semibold">{t("pages.availability")}</h1>
          <MeetingsSubnav
            current="availability"
            mayManageTypes={roleAtLeast(session.account.role, "manager")}
          />
        </div>
        {isOwner && accounts.length > 1 && (
          <nav aria-label={t("availability.whoseLabel")} className="space-y-2">
            <p className="text-sm font-medium">
              {t("availability.whose", { name: shown?.name ?? session.actorName })}
            </p>
            <ul className="flex flex-wrap gap-2">
              {accounts.map((entry) => (
                <li key={entry.id}>
                  <IntentLink
                    href={
                      entry.id === session.account.id
                        ? "/crm/meetings/availability"
                        : `/crm/meetings/availability?account=${entry.id}`
                    }
                    aria-current={entry.id === shown?.id ? "page" : undefined}
                    className="inline-flex min-h-9 items-center rounded-full border border-border px-3 py-1 text-sm aria-[current=page]:border-accent aria-[current=page]:font-semibold"
                  >
                    {entry.name}
                  </IntentLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <AvailabilityForm key={account ?? "own"} account={account} />
      </main>
    </>
  );
}
