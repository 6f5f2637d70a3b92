import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { StandaloneFrame } from "@/components/frame/standalone-frame";
import { JsonLd } from "@/components/seo/json-ld";
import { Breadcrumb, breadcrumbJsonLd } from "@/components/ui/breadcrumb";
import { careersPath, isJobOpen, type Job } from "@/lib/careers/jobs";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

interface JobPageProps {
  job: Job;
  locale: Locale;
  title: string;
  /** The page's JobPosting; published only while the role is open. */
  jobPosting: object;
  /** Replaces the standard frame header (the AI Software Developer page brings its own). */
  header?: ReactNode;
  /** Outside the page body, e.g. a client redirect to the visitor's stored language. */
  beforeContent?: ReactNode;
  /** The page body, given the breadcrumb to place where its layout wants it. */
  children: (breadcrumb: ReactNode) => ReactNode;
}

/**
 * What every job page shares: the frame, the same breadcrumb (Home › Careers › role) with its
 * structured data, the JobPosting while the role is open, and the closed state once it is not.
 */
export async function JobPage({
  job,
  locale,
  title,
  jobPosting,
  header,
  beforeContent,
  children,
}: JobPageProps) {
  const t = await getTranslations({ locale, namespace: "Careers" });
  const tTrail = await getTranslations({ locale, namespace: "BreadcrumbNav" });
  const trail = [
    { label: tTrail("home"), href: localizedPath("/", locale) },
    { label: t("breadcrumb"), href: localizedPath(careersPath(), locale) },
    { label: title },
  ];
  const isOpen = isJobOpen(job);
  const breadcrumb = <Breadcrumb label={tTrail("label")} items={trail} />;
  return (
    <StandaloneFrame locale={locale} header={header}>
      {beforeContent}
      {isOpen ? <JsonLd data={jobPosting} /> : null}
      <JsonLd
        data={breadcrumbJsonLd(trail, localizedPath(careersPath(job.id), locale), site.siteUrl)}
      />
      {isOpen ? (
        children(breadcrumb)
      ) : (
        <div className="mx-auto max-w-4xl px-4 pt-6 pb-20 sm:px-6">
          {breadcrumb}
          <h1 className="mt-8 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          <p className="mt-6 text-lg font-semibold">{t("closed.title")}</p>
          <p className="mt-2 text-muted">{t("closed.body")}</p>
          <p className="mt-8">
            <BackLink href={localizedPath(careersPath(), locale)}>{t("closed.link")}</BackLink>
          </p>
        </div>
      )}
    </StandaloneFrame>
  );
}

/** A link back to the list of roles, with a left arrow. */
export function BackLink({
  href,
  className = "font-semibold text-highlight",
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <IntentLink
      href={href}
      className={`inline-flex min-h-6 items-center gap-2 underline-offset-4 hover:underline ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M13 8H3M7 4 3 8l4 4" />
      </svg>
      {children}
    </IntentLink>
  );
}

/** The role's tasks as a numbered list. */
export function TaskList({ tasks }: { tasks: string[] }) {
  return (
    <ol className="space-y-3">
      {tasks.map((task, index) => (
        <li key={task} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-on-accent"
          >
            {index + 1}
          </span>
          <span className="pt-0.5">{task}</span>
        </li>
      ))}
    </ol>
  );
}
