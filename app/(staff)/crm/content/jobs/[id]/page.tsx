import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { JobEditor } from "@/components/content/job-editor";
import { LockScreen } from "@/components/staff/lock-screen";
import { zJobId } from "@/lib/content/job.schema";
import { getJob } from "@/lib/content/job.service";
import { AppError } from "@/lib/http/app-error";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { isManager } from "@/lib/staff/staff-roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  return { title: `${t("jobs.editTitle")} · ${site.name}` };
}

/** One job posting in the editor; staff other than managers and owners see it read-only. */
export default async function EditJobPage({ params }: PageProps<"/crm/content/jobs/[id]">) {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const { id } = await params;
  if (!zJobId.safeParse(id).success) notFound();
  const job = await getJob(id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <JobEditor job={job} canWrite={isManager(session)} />
    </>
  );
}
