/**
 * The open roles: every fact about a job lives here, once (dates, team, image, how to apply, pay).
 * The words (title, summary, lists) live in messages/<locale>.json under `Jobs.<messageKey>`.
 */

export type JobId =
  | "customer-success-manager"
  | "content-creator-social-media"
  | "video-editor"
  | "ai-software-developer";
export type JobTeam = "customerSuccess" | "marketing" | "content" | "engineering";
export type JobMessageKey =
  "customerSuccessManager" | "contentCreator" | "videoEditor" | "aiSoftwareDeveloper";

/**
 * How a candidate applies: an e-mail to the careers mailbox with the role in the subject, or the
 * job's own application page. Never the sales lead form or the sales meeting page.
 */
export type ApplyMethod = { kind: "email"; subject: string } | { kind: "url"; url: string };

export interface Job {
  id: JobId;
  messageKey: JobMessageKey;
  team: JobTeam;
  /** ISO dates (YYYY-MM-DD): when the posting went up. */
  datePosted: string;
  /**
   * Last day applications are accepted. Left out, the role is open until filled (Google accepts a
   * JobPosting without one); never a date in the past while the role is open (a unit test checks).
   */
  validThrough?: string;
  /** The day the role was filled or withdrawn: its page says so, and it leaves the sitemap and JobPosting data. */
  closedOn?: string;
  /** schema.org employmentType. */
  employmentType: "FULL_TIME";
  isRemote: true;
  /** ISO 3166-1 alpha-2 countries candidates may work from. */
  applicantCountries: readonly string[];
  image: { src: string; width: number; height: number };
  apply: ApplyMethod;
  salary?: { currency: "USD"; min: number; max: number; unit: "YEAR" };
  /** Yearly amount each person can spend on courses, books and conferences, where the offer states one. */
  learningBudget?: { currency: "USD"; amount: number };
  /** Whether the page lists "You shouldn't apply if". */
  hasDealBreakers: boolean;
}

// The day the four roles were published; they stay open until filled.
const POSTED = "2025-09-01";
const IMAGE_SIZE = { width: 640, height: 400 } as const;

export const jobs: readonly Job[] = [
  {
    id: "customer-success-manager",
    messageKey: "customerSuccessManager",
    team: "customerSuccess",
    datePosted: POSTED,
    employmentType: "FULL_TIME",
    isRemote: true,
    applicantCountries: ["US"],
    image: { src: "/images/careers/customer-success-manager.svg", ...IMAGE_SIZE },
    apply: { kind: "email", subject: "Customer Success Manager" },
    hasDealBreakers: false,
  },
  {
    id: "content-creator-social-media",
    messageKey: "contentCreator",
    team: "marketing",
    datePosted: POSTED,
    employmentType: "FULL_TIME",
    isRemote: true,
    applicantCountries: ["US"],
    image: { src: "/images/careers/content-creator-social-media.svg", ...IMAGE_SIZE },
    apply: { kind: "email", subject: "Content Creator & Social Media Manager" },
    hasDealBreakers: true,
  },
  {
    id: "video-editor",
    messageKey: "videoEditor",
    team: "content",
    datePosted: POSTED,
    employmentType: "FULL_TIME",
    isRemote: true,
    applicantCountries: ["US"],
    image: { src: "/images/careers/video-editor.svg", ...IMAGE_SIZE },
    apply: { kind: "email", subject: "Video Editor" },
    hasDealBreakers: true,
  },
  {
    id: "ai-software-developer",
    messageKey: "aiSoftwareDeveloper",
    team: "engineering",
    datePosted: POSTED,
    employmentType: "FULL_TIME",
    isRemote: true,
    applicantCountries: ["US"],
    image: { src: "/images/careers/ai-software-developer.svg", ...IMAGE_SIZE },
    apply: { kind: "email", subject: "AI Software Developer" },
    salary: { currency: "USD", min: 90_000, max: 150_000, unit: "YEAR" },
    learningBudget: { currency: "USD", amount: 2_000 },
    hasDealBreakers: false,
  },
];

/** Whether a role still takes applications on `now`: not closed, and its end date (if any) not passed. */
export function isJobOpen(job: Job, now: Date = new Date()): boolean {
  if (job.closedOn) return false;
  return !job.validThrough || new Date(`${job.validThrough}T23:59:59Z`) >= now;
}

export function openJobs(now: Date = new Date()): Job[] {
  return jobs.filter((job) => isJobOpen(job, now));
}

/** The AI Software Developer has a page of its own; the other roles share the standard job page. */
export const DEDICATED_PAGE_JOB_ID: JobId = "ai-software-developer";

export function findJob(id: string): Job | undefined {
  return jobs.find((job) => job.id === id);
}

export function careersPath(id?: JobId): string {
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
