import type { Metadata } from "next";
import { cache, type ReactNode } from "react";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { JobFacts } from "@/components/careers/job-facts";
import { BackLink, JobPage, TaskList } from "@/components/careers/job-page";
import { StaticImage } from "@/components/ui/static-image";
import { getJobContent } from "@/lib/careers/job-content";
import { jobPostingFor } from "@/lib/careers/job-structured-data";
import { findPublicJob, publicJobs } from "@/lib/careers/careers.service";
import {
  DEDICATED_PAGE_JOB_ID,
  applyHref,
  careersMailto,
  careersPath,
  isJobOpen,
  type Job,
} from "@/lib/careers/jobs";
import { routing } from "@/lib/i18n/routing";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { JOB_SOCIAL_IMAGE_SIZE, socialImageOf } from "@/lib/seo/social-image";
import { site } from "@/lib/site";

// Jobs are records (docs/decisions/018-content-records.md): those known at build time are prerendered,
// a newer one on its first visit (an unknown or draft id answers 404 through careers/not-found.tsx);
// rebuilt when a job changes, and at most about 30 seconds stale on an instance that did not make the change.
// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export async function generateStaticParams() {
  return (await publicJobs())
    .filter((job) => job.id !== DEDICATED_PAGE_JOB_ID)
    .map((job) => ({ jobId: job.id }));
}

// The AI Software Developer has its own page (careers/ai-software-developer); every other role is rendered here.
const standardJob = cache(async (jobId: string): Promise<Job | null> => {
  if (jobId === DEDICATED_PAGE_JOB_ID) return null;
  return findPublicJob(jobId);
});

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/careers/[jobId]">): Promise<Metadata> {
  const { locale, jobId } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const job = await standardJob(jobId);
  const content = job && (await getJobContent(locale, job));
  if (!job || !content) return {};
  return buildPageMetadata({
    locale,
    pathname: careersPath(job.id),
    title: `${content.title} · ${site.name}`,
    description: content.summary,
    image: socialImageOf(job.image.src, JOB_SOCIAL_IMAGE_SIZE, content.title),
    // A closed role keeps its page, out of search results.
    noIndex: !isJobOpen(job),
  });
}

export default async function StandardJobPage({ params }: PageProps<"/[locale]/careers/[jobId]">) {
  const { locale, jobId } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const job = await standardJob(jobId);
  // Unknown, a draft, or not written in this language.
  const content = job && (await getJobContent(locale, job));
  if (!job || !content) notFound();
  const t = await getTranslations({ locale, namespace: "Careers" });
  const tCommon = await getTranslations({ locale, namespace: "Common" });

  return (
    <JobPage
      job={job}
      locale={locale}
      title={content.title}
      jobPosting={jobPostingFor(job, content, locale)}
    >
      {(breadcrumb) => (
        <>
          <div className="mx-auto max-w-4xl px-4 pt-6 sm:px-6">{breadcrumb}</div>
          <article className="mx-auto max-w-4xl px-4 pt-8 pb-20 sm:px-6">
            <header className="space-y-6">
              <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
                {content.title}
              </h1>
              <JobFacts
                content={content}
                labels={{
                  facts: t("detail.facts"),
                  datePosted: t("detail.datePosted"),
                  team: t("detail.team"),
                  location: t("detail.location"),
                  type: t("detail.type"),
                  applicantCountries: t("detail.applicantCountries"),
                }}
              />
              <StaticImage
                src={job.image.src}
                alt={content.imageAlt}
                width={job.image.width}
                height={job.image.height}
                isPriority
                className="aspect-[8/5] w-full rounded-2xl border border-border object-cover"
              />
            </header>

            <JobSection title={t("detail.summary")}>
              <p className="text-lg">{content.summary}</p>
            </JobSection>
            {/* A list the record leaves empty is left off the page, heading and all. */}
            {content.role.length > 0 && (
              <JobSection title={t("detail.role")}>
                {content.role.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </JobSection>
            )}
            {content.ideal.length > 0 && (
              <JobSection title={t("detail.ideal")}>
                <BulletList items={content.ideal} />
              </JobSection>
            )}
            {content.requirements.length > 0 && (
              <JobSection title={t("detail.requirements")}>
                <BulletList items={content.requirements} />
              </JobSection>
            )}
            {content.tasks.length > 0 && (
              <JobSection title={t("detail.tasks")}>
                <TaskList tasks={content.tasks} />
              </JobSection>
            )}
            {content.dealBreakers.length > 0 && (
              <JobSection title={t("detail.dealBreakers")}>
                <BulletList items={content.dealBreakers} marker="cross" />
              </JobSection>
            )}

            <ApplyPanel
              job={job}
              title={t("detail.applyTitle")}
              applyText={t("detail.applyNow")}
              newTabText={tCommon("opensInNewTab")}
            >
              {job.apply.kind === "email"
                ? t.rich("detail.applyByEmail", {
                    email: site.careersEmail,
                    mail: (chunks) => (
                      <a
                        href={careersMailto(site.careersEmail)}
                        className="font-medium text-highlight underline underline-offset-4"
                      >
                        {chunks}
                      </a>
                    ),
                  })
                : t("detail.applyByForm")}
            </ApplyPanel>

            <p className="mt-10">
              <BackLink href={localizedPath(careersPath(), locale)}>
                {t("detail.openRoles")}
              </BackLink>
            </p>
          </article>
        </>
      )}
    </JobPage>
  );
}

function JobSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-12 space-y-4 leading-relaxed">
      <h2 className="font-display text-2xl font-semibold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}

function BulletList({ items, marker = "dot" }: { items: string[]; marker?: "dot" | "cross" }) {
  return (
    <ul className="space-y-2.5">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          {marker === "dot" ? (
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent" />
          ) : (
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              className="mt-1 size-4 shrink-0 text-accent-text"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            >
              <path d="m4 4 8 8M12 4l-8 8" />
            </svg>
          )}
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

interface ApplyPanelProps {
  job: Job;
  title: string;
  applyText: string;
  newTabText: string;
  children: ReactNode;
}

/** The closing call to action: a mail draft with the job in the subject, or the job's own page in a new tab. */
function ApplyPanel({ job, title, applyText, newTabText, children }: ApplyPanelProps) {
  const buttonClass =
    "inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110";
  return (
    <section
      aria-labelledby="apply-title"
      className="mt-14 rounded-2xl border border-border bg-surface p-6 sm:p-8"
    >
      <h2 id="apply-title" className="font-display text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-muted">{children}</p>
      <div className="mt-6">
        {job.apply.kind === "email" ? (
          <a href={applyHref(job, site.careersEmail)} className={buttonClass}>
            {applyText}
          </a>
        ) : (
          <a
            href={applyHref(job, site.careersEmail)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass}
          >
            {applyText}
            <span className="sr-only"> {newTabText}</span>
          </a>
        )}
      </div>
    </section>
  );
}
