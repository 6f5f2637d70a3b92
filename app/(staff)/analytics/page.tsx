import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { AnalyticsDashboard } from "@/components/analytics/analytics-dashboard";
import { LockScreen } from "@/components/staff/lock-screen";
import { DEFAULT_RANGE, ZPeriodQuery } from "@/lib/analytics/periods";
import { site } from "@/lib/site";
import { roleAtLeast } from "@/lib/staff/roles";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Analytics" });
  return { title: t("title", { brand: site.name }) };
}

export default async function AnalyticsPage({ searchParams }: PageProps<"/analytics">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;

  // The period lives in the URL, so a reload or a shared link shows the same one.
  const params = await searchParams;
  const single = (value: string | string[] | undefined) =>
    typeof value === "string" ? value : undefined;
  const requested = {
    range: single(params.range),
    startDate: single(params.startDate),
    endDate: single(params.endDate),
  };
  const parsed = ZPeriodQuery.safeParse(requested);
  const isCustom = requested.range === "custom";
  const initial = parsed.success
    ? parsed.data
    : {
        range: isCustom ? ("custom" as const) : DEFAULT_RANGE,
        startDate: isCustom ? requested.startDate : undefined,
        endDate: isCustom ? requested.endDate : undefined,
      };

  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Analytics" });
  const title = t("title", { brand: site.name });
  return (
    <>
      <StaffShellHeader session={session} title={title} />
      <main className="mx-auto max-w-7xl px-4 py-8">
        <h1 className="font-display text-2xl font-semibold sm:text-3xl">{title}</h1>
        <AnalyticsDashboard
          receptionistName={site.receptionistName}
          canSeeLeads={roleAtLeast(session.account.role, "manager")}
          initialRange={initial.range}
          initialStartDate={initial.startDate ?? ""}
          initialEndDate={initial.endDate ?? ""}
        />
      </main>
    </>
  );
}
