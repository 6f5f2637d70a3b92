import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { StudioTabs } from "@/components/content/studio-tabs";
import { LockScreen } from "@/components/staff/lock-screen";
import { JOB_STATUSES, type JobStatus } from "@/lib/content/job.schema";
import { listJobs } from "@/lib/content/job.service";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { isManager } from "@/lib/staff/staff-roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  return { title: `${t("jobs.title")} · ${site.name}` };
}

const STATUS_TONE: Record<JobStatus, string> = {
  draft: "bg-surface-strong",
  open: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  closed: "bg-surface-strong text-muted",
};

/** The studio's job postings with their status and languages, filtered by status. */
export default async function JobsStudioPage({ searchParams }: PageProps<"/crm/content/jobs">) {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const locale = await getStaffLocale();
  const t = await getTranslations({ locale, namespace: "ContentStudio" });
  const format = await getFormatter({ locale });
  const requested = (await searchParams).status;
  const status = JOB_STATUSES.find((candidate) => candidate === requested);
  const { data: jobs } = await listJobs({ status });
  const filters: { value: JobStatus | undefined; label: string }[] = [
    { value: undefined, label: t("all") },
    ...JOB_STATUSES.map((value) => ({ value, label: t(`jobs.status.${value}`) })),
  ];

  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <StudioTabs
          current="jobs"
          label={t("sectionsLabel")}
          articles={t("articlesTab")}
          jobs={t("jobsTab")}
        />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="space-y-2">
            <h1 className="font-display text-2xl font-semibold">{t("jobs.title")}</h1>
            <p className="max-w-2xl text-muted">{t("jobs.intro")}</p>
          </div>
          {isManager(session) && (
            <IntentLink
              href="/crm/content/jobs/new"
              className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent hover:brightness-110"
            >
              {t("jobs.newJob")}
            </IntentLink>
          )}
        </div>
        <nav aria-label={t("filtersLabel")}>
          <ul className="flex flex-wrap gap-2">
            {filters.map((filter) => (
              <li key={filter.label}>
                <IntentLink
                  href={
                    filter.value ? `/crm/content/jobs?status=${filter.value}` : "/crm/content/jobs"
                  }
                  aria-current={filter.value === status ? "page" : undefined}
                  className="inline-flex min-h-9 items-center rounded-full border border-border px-3 text-sm aria-[current=page]:bg-ink-950 aria-[current=page]:text-mist-50"
                >
                  {filter.label}
                </IntentLink>
              </li>
            ))}
          </ul>
        </nav>
        {jobs.length === 0 ? (
          <p>{t("jobs.empty")}</p>
        ) : (
          <ul className="divide-y divide-border rounded-2xl border border-border bg-background">
            {jobs.map((job) => {
              // The title in the language the staff member works in, else the other one.
              const main = job.translations[locale] ?? job.translations.es ?? job.translations.en;
              return (
                <li key={job.id} className="flex flex-wrap items-center gap-3 p-4">
                  <div className="min-w-0 flex-1 basis-64">
                    <IntentLink
                      href={`/crm/content/jobs/${job.id}`}
                      className="font-semibold break-words underline-offset-4 hover:underline"
                    >
                      {main?.title || t("untitled")}
                    </IntentLink>
                    <p className="text-sm break-words text-muted">
                      /careers/{job.id} · {t("languages")}:{" "}
                      {Object.keys(job.translations)
                        .map((language) => language.toUpperCase())
                        .join(" · ")}
                      {job.date_posted &&
                        ` · ${t("jobs.posted", {
                          date: format.dateTime(new Date(`${job.date_posted}T12:00:00Z`), {
                            dateStyle: "medium",
                            timeZone: "UTC",
                          }),
                        })}`}
                    </p>
                  </div>
                  <span
                    className={`rounded-full px-3 py-1 text-sm font-medium ${STATUS_TONE[job.status]}`}
                  >
                    {t(`jobs.status.${job.status}`)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </main>
    </>
  );
}
