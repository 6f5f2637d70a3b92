import type { Metadata } from "next";
import { cache, type ReactNode } from "react";
import { hasLocale } from "next-intl";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { StoredLanguageButton, StoredLanguageRedirect } from "@/components/careers/stored-language";
import { BackLink, JobPage, TaskList } from "@/components/careers/job-page";
import { StickyHeader } from "@/components/site/sticky-header";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { StaticImage } from "@/components/ui/static-image";
import { getJobContent } from "@/lib/careers/job-content";
import { jobPostingFor } from "@/lib/careers/job-structured-data";
import {
  DEDICATED_PAGE_JOB_ID,
  applyHref,
  careersMailto,
  careersPath,
  isJobOpen,
  type Job,
} from "@/lib/careers/jobs";
import { findPublicJob } from "@/lib/careers/careers.service";
import { routing, type Locale } from "@/lib/i18n/routing";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { JOB_SOCIAL_IMAGE_SIZE, socialImageOf } from "@/lib/seo/social-image";
import { site } from "@/lib/site";

// Only the two locales (the layout's generateStaticParams): any other first segment is unmatched and
// answered by app/global-not-found.tsx (tests/unit/site/not-found-reach.test.ts).
export const dynamicParams = false;

// The role is a record like the others (the studio edits its words, dates and pay); this page is its design.
const findJob = cache(() => findPublicJob(DEDICATED_PAGE_JOB_ID));
const OFFER_KEYS = [
  "salary",
  "remote",
  "insurance",
  "learning",
  "hardware",
  "projects",
  "team",
] as const;

// Rebuilt when the job changes (lib/content/revalidate.ts), and at most about 30 seconds stale elsewhere.
// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/careers/ai-software-developer">): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const job = await findJob();
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

export default async function AiSoftwareDeveloperPage({
  params,
}: PageProps<"/[locale]/careers/ai-software-developer">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "DevJob" });
  const tCareers = await getTranslations({ locale, namespace: "Careers" });
  const tRoot = await getTranslations({ locale });
  const format = await getFormatter({ locale });
  const job = await findJob();
  // A draft, or not written in this language: careers/not-found.tsx answers.
  const content = job && (await getJobContent(locale, job));
  if (!job || !content) notFound();

  const hrefs = Object.fromEntries(
    routing.locales.map((l) => [l, localizedPath(careersPath(job.id), l)]),
  ) as Record<Locale, string>;
  const otherLocale = routing.locales.find((l) => l !== locale)!;
  const money = (amount: number, currency: string) =>
    format.number(amount, { style: "currency", currency, maximumFractionDigits: 0 });
  const { salary, learningBudget } = job;
  // The pay and the learning budget are the record's; a line whose figure it does not state is left out.
  const offerKeys = OFFER_KEYS.filter(
    (key) => (key !== "salary" || salary) && (key !== "learning" || learningBudget),
  );
  const offerText = (key: (typeof OFFER_KEYS)[number]) =>
    key === "salary" && salary
      ? t("offer.salary", {
          min: money(salary.min, salary.currency),
          max: money(salary.max, salary.currency),
        })
      : key === "learning" && learningBudget
        ? t("offer.learning", { amount: money(learningBudget.amount, learningBudget.currency) })
        : t(`offer.${key}`);
  const newTab = tRoot("Common.opensInNewTab");

  const header = (
    <StickyHeader>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BackLink
          href={localizedPath(careersPath(), locale)}
          className="min-h-8 rounded-md text-sm font-semibold"
        >
          {t("back")}
        </BackLink>
        <div className="flex items-center gap-3 sm:gap-5">
          <StoredLanguageButton
            targetLocale={otherLocale}
            hrefs={hrefs}
            text={t("languageButton")}
            ariaLabel={t("languageButtonLabel")}
          />
          <ThemeToggle
            label={tRoot("ThemeToggle.label")}
            lightLabel={tRoot("ThemeToggle.light")}
            darkLabel={tRoot("ThemeToggle.dark")}
          />
        </div>
      </div>
    </StickyHeader>
  );

  return (
    <JobPage
      job={job}
      locale={locale}
      title={content.title}
      jobPosting={jobPostingFor(job, content, locale)}
      header={header}
      beforeContent={<StoredLanguageRedirect currentLocale={locale} hrefs={hrefs} />}
    >
      {(breadcrumb) => (
        <>
          <section className="border-b border-border bg-surface">
            <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-6 pb-12 sm:px-6 lg:grid-cols-[1.3fr_1fr] lg:items-center">
              <div>
                {breadcrumb}
                <p className="mt-8 text-sm font-semibold tracking-widest text-accent-text uppercase">
                  {content.team}
                </p>
                <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
                  {content.title}
                </h1>
                <ul className="mt-5 flex flex-wrap gap-2 text-sm font-medium">
                  <li className="rounded-full border border-border bg-background px-3 py-1">
                    {content.location}
                  </li>
                  <li className="rounded-full border border-border bg-background px-3 py-1">
                    {content.type}
                  </li>
                  <li className="rounded-full border border-border bg-background px-3 py-1">
                    {tCareers("posted", { date: content.postedLabel })}
                  </li>
                </ul>
                <p className="mt-6 max-w-2xl text-lg text-muted">{content.summary}</p>
                <div className="mt-8">
                  <ApplyLink job={job} text={t("applyNow")} newTabText={newTab} />
                </div>
              </div>
              <StaticImage
                src={job.image.src}
                alt={content.imageAlt}
                width={job.image.width}
                height={job.image.height}
                isPriority
                className="aspect-[8/5] w-full rounded-2xl border border-border object-cover"
              />
            </div>
          </section>

          <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_20rem]">
            <div className="space-y-14 leading-relaxed">
              {content.role.map((paragraph) => (
                <p key={paragraph} className="text-lg">
                  {paragraph}
                </p>
              ))}
              <Section title={t("tasksTitle")}>
                <TaskList tasks={content.tasks} />
              </Section>
              <Section title={t("requirementsTitle")}>
                <div className="grid gap-6 md:grid-cols-3">
                  {(
                    [
                      [t("educationTitle"), content.education],
                      [t("skillsTitle"), content.skills],
                      [t("preferredTitle"), content.preferred],
                    ] as const
                  ).map(([title, items]) => (
                    <div key={title} className="rounded-2xl border border-border p-5">
                      <h3 className="font-semibold">{title}</h3>
                      <ul className="mt-3 space-y-2 text-sm">
                        {items.map((item) => (
                          <li key={item} className="flex gap-2.5">
                            <span
                              aria-hidden="true"
                              className="mt-2 size-1.5 shrink-0 rounded-full bg-accent"
                            />
                            <span>{item}</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              </Section>
              <Section title={t("offerTitle")}>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {offerKeys.map((key) => (
                    <li key={key} className="flex gap-3 rounded-xl bg-surface p-4">
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 16 16"
                        className="mt-1 size-4 shrink-0 text-highlight"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      >
                        <path d="m3 8.5 3 3 7-7" />
                      </svg>
                      <span>{offerText(key)}</span>
                    </li>
                  ))}
                </ul>
              </Section>
            </div>

            <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
              <SideCard title={t("readyTitle")}>
                <p>{t("readyBody")}</p>
                <div className="mt-5">
                  <ApplyLink job={job} text={t("applyNow")} newTabText={newTab} isFullWidth />
                </div>
              </SideCard>
              <SideCard title={t("aboutTitle", { brand: site.name })}>
                <p>{t("aboutBody", { brand: site.name })}</p>
              </SideCard>
              <SideCard title={t("questionsTitle")}>
                <p>{t("questionsBody")}</p>
                <a
                  href={careersMailto(site.careersEmail, content.title)}
                  className="mt-3 inline-block font-medium break-all text-highlight underline underline-offset-4"
                >
                  {site.careersEmail}
                </a>
              </SideCard>
            </aside>
          </div>
        </>
      )}
    </JobPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-5">
      <h2 className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h2>
      {children}
    </section>
  );
}

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-6 text-sm text-muted">
      <h2 className="mb-2 font-display text-lg font-semibold text-foreground">{title}</h2>
      {children}
    </section>
  );
}

/** Applying writes to the careers mailbox with the role in the subject, or opens the job's own page. */
function ApplyLink({
  job,
  text,
  newTabText,
  isFullWidth = false,
}: {
  job: Job;
  text: string;
  newTabText: string;
  isFullWidth?: boolean;
}) {
  const className = `inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110 ${isFullWidth ? "w-full" : ""}`;
  if (job.apply.kind === "email") {
    return (
      <a href={applyHref(job, site.careersEmail)} className={className}>
        {text}
      </a>
    );
  }
  return (
    <a
      href={applyHref(job, site.careersEmail)}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
    >
      {text}
      <span className="sr-only"> {newTabText}</span>
    </a>
  );
}
