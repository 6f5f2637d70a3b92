import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { JobEditor } from "@/components/content/job-editor";
import { LockScreen } from "@/components/staff/lock-screen";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { isManager } from "@/lib/staff/staff-roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  return { title: `${t("jobs.newTitle")} · ${site.name}` };
}

/** A new job posting: nothing is stored until the first save (managers and owners only). */
export default async function NewJobPage() {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <JobEditor job={null} canWrite={isManager(session)} />
    </>
  );
}
