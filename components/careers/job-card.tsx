import { IntentLink } from "@/components/ui/intent-link";
import { LazyImage } from "@/components/ui/lazy-image";
import type { Job } from "@/lib/careers/jobs";
import type { JobContent } from "@/lib/careers/job-content";

interface JobCardProps {
  job: Job;
  content: JobContent;
  href: string;
  postedText: string;
  applyText: string;
  /** "Failed to load image" in the page's language. */
  imageFailedText: string;
  /** The first card's image is what a phone sees first (the page's LCP): fetch it first, not lazily. */
  isPriority?: boolean;
}

/**
 * One open role. The title link stretches over the whole card, so the card is a single link
 * (one tab stop, one accessible name: the job title) that is clickable anywhere.
 */
export function JobCard({
  job,
  content,
  href,
  postedText,
  applyText,
  imageFailedText,
  isPriority = false,
}: JobCardProps) {
  const titleId = `job-${job.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-background shadow-sm transition focus-within:ring-2 focus-within:ring-focus hover:-translate-y-0.5 hover:shadow-lg motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <LazyImage
        src={job.image.src}
        alt=""
        width={job.image.width}
        height={job.image.height}
        failedText={imageFailedText}
        isAboveFold={isPriority}
        className="w-full"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="flex flex-wrap gap-2 text-xs font-medium">
          <span className="rounded-full bg-surface-strong px-2.5 py-1">{content.location}</span>
          <span className="rounded-full bg-surface-strong px-2.5 py-1">{content.type}</span>
        </p>
        <h3 id={titleId} className="font-display text-xl font-semibold tracking-tight">
          <IntentLink
            href={href}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {content.title}
          </IntentLink>
        </h3>
        <p className="line-clamp-3 text-sm text-muted">{content.summary}</p>
        <div className="mt-auto flex items-center justify-between gap-4 pt-3 text-sm">
          <span className="text-muted">{postedText}</span>
          <span
            aria-hidden="true"
            className="inline-flex items-center gap-1 font-semibold text-accent-text group-hover:underline"
          >
            {applyText}
            <svg
              viewBox="0 0 16 16"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M3 8h10M9 4l4 4-4 4" />
            </svg>
          </span>
        </div>
      </div>
    </article>
  );
}
