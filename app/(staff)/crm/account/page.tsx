import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { LockScreen } from "@/components/staff/lock-screen";
import { TwoFactorSetup } from "@/components/staff/two-factor-setup";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { hasTwoFactor } from "@/lib/staff/two-factor.service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Staff.Account" });
  return { title: `${t("title")} · ${site.name}` };
}

/** The account menu's page: who you are, and two-factor enrolment (the only page open before it when required). */
export default async function AccountPage() {
  const { session, isUnavailable } = await getStaffAccess({ isOpenBeforeEnrolment: true });
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Staff.Account" });
  const tRoles = await getTranslations({
    locale: await getStaffLocale(),
    namespace: "Staff.Accounts.roles",
  });
  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-8">
        <h1 className="font-display text-2xl font-semibold">{t("title")}</h1>
        {session.mustEnrolTwoFactor && (
          <p role="alert" className="font-medium">
            {t("mustEnrol")}
          </p>
        )}
        {/* minmax(0, 1fr) and wrap-anywhere: a long name or e-mail wraps inside a 360 px screen. */}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="text-muted">{t("name")}</dt>
          <dd className="wrap-anywhere">{session.account.name}</dd>
          <dt className="text-muted">{t("email")}</dt>
          <dd className="wrap-anywhere">{session.account.email}</dd>
          <dt className="text-muted">{t("role")}</dt>
          <dd>{tRoles(session.account.role)}</dd>
        </dl>
        <section aria-labelledby="two-factor-title" className="space-y-3">
          <h2 id="two-factor-title" className="text-lg font-semibold">
            {t("twoFactorTitle")}
          </h2>
          <TwoFactorSetup hasTwoFactor={await hasTwoFactor(session.account.id)} />
        </section>
      </main>
    </>
  );
}
