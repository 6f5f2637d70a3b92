/**
 * The roles on the careers pages. They are records (table job_postings, written in the content studio:
 * docs/decisions/018-content-records.md); this module is what the public site needs of them, and the
 * pure rules about them (open or not, where Apply leads). The database reads are in job-records.ts.
 */

export type JobLocale = "es" | "en";

/**
 * How a candidate applies: an e-mail to the careers mailbox with the role in the subject, or the
 * job's own application page. Never the sales lead form or the sales meeting page.
 */
export type ApplyMethod = { kind: "email"; subject: string } | { kind: "url"; url: string };

/** The words of one job in one language, as the studio stores them. */
export interface JobText {
  title: string;
  team: string;
  location: string;
  /** The job's type in words ("Full-Time"); employmentType is the code. */
  type: string;
  summary: string;
  imageAlt: string;
  role: string[];
  ideal: string[];
  requirements: string[];
  tasks: string[];
  dealBreakers: string[];
  /** The AI Software Developer's page groups its requirements in these three. */
  education: string[];
  skills: string[];
  preferred: string[];
}

export interface Job {
  id: string;
  status: "open" | "closed";
  /** ISO dates (YYYY-MM-DD): when the posting went up. */
  datePosted: string;
  /** Last day applications are accepted. Left out, the role is open until filled. */
  validThrough?: string;
  /** The day the role was closed: its page says so, and it leaves the sitemap and JobPosting data. */
  closedOn?: string;
  /** schema.org employmentType. */
  employmentType: string;
  isRemote: true;
  /** ISO 3166-1 alpha-2 countries candidates may work from. */
  applicantCountries: readonly string[];
  image: { src: string; width: number; height: number };
  apply: ApplyMethod;
  salary?: { currency: string; min: number; max: number; unit: "YEAR" };
  /** Yearly amount each person can spend on courses, books and conferences, where the offer states one. */
  learningBudget?: { currency: string; amount: number };
  /** YYYY-MM-DD: the last change a reader would notice (the sitemap's lastmod). */
  lastModified: string;
  /** The job in each language it is written in. */
  texts: Partial<Record<JobLocale, JobText>>;
}

/** Whether a role still takes applications on `now`: not closed, and its end date (if any) not passed. */
export function isJobOpen(job: Job, now: Date = new Date()): boolean {
  if (job.status !== "open" || job.closedOn) return false;
  return !job.validThrough || new Date(`${job.validThrough}T23:59:59Z`) >= now;
}

/** Whether the job is written in `locale`: if not, its page there is a 404 and that language's list leaves it out. */
export function isJobShownIn(job: Job, locale: JobLocale): boolean {
  return Boolean(job.texts[locale]);
}

/** The AI Software Developer has a page of its own; the other roles share the standard job page. */
export const DEDICATED_PAGE_JOB_ID = "ai-software-developer";

export function careersPath(id?: string): string {
  return id ? `/careers/${id}` : "/careers";
}

/** Where a job's "Apply" leads: its own application page, else a mail draft to the careers mailbox. */
export function applyHref(job: Job, careersEmail: string): string {
  return job.apply.kind === "url" ? job.apply.url : careersMailto(careersEmail, job.apply.subject);
}

/** `mailto:` link to the careers mailbox with the subject already filled in. */
export function careersMailto(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}
