import "server-only";
import { findPublicJob, publicJobs } from "./job-records";
import { isJobOpen, isJobShownIn, type Job, type JobLocale } from "./jobs";

export { careersPath, DEDICATED_PAGE_JOB_ID, isJobOpen, isJobShownIn, type Job } from "./jobs";
export { findPublicJob, publicJobs };

/** The roles taking applications now (the sitemap lists these; a closed role keeps its page). */
export async function openJobs(now: Date = new Date()): Promise<Job[]> {
  return (await publicJobs()).filter((job) => isJobOpen(job, now));
}

/** The open roles written in `locale`: the careers page in that language lists these. */
export async function listedJobs(locale: JobLocale, now: Date = new Date()): Promise<Job[]> {
  return (await openJobs(now)).filter((job) => isJobShownIn(job, locale));
}
