import "server-only";
import type { Locale } from "@/lib/i18n/routing";
import { pathInLocale } from "@/lib/i18n/locale-path";
import { LOGO_PATH, site } from "@/lib/site";
import type { JobContent } from "./job-content";
import { buildJobPosting } from "./job-posting";
import { careersPath, type Job } from "./jobs";

/** The JobPosting of a job page, in the page's language, with this site's organisation and address. */
export function jobPostingFor(job: Job, content: JobContent, locale: Locale) {
  return buildJobPosting(
    job,
    {
      title: content.title,
      description: [content.summary, ...content.role],
      responsibilities: content.tasks,
      skills: content.skills,
      // The AI Software Developer groups its requirements; the other roles list them once.
      qualifications: content.education.length
        ? [...content.education, ...content.preferred]
        : content.requirements,
    },
    { name: site.name, siteUrl: site.siteUrl, logoUrl: `${site.siteUrl}${LOGO_PATH}` },
    `${site.siteUrl}${pathInLocale(careersPath(job.id), locale)}`,
  );
}
