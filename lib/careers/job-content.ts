import "server-only";
import { getFormatter } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import { isJobShownIn, type Job, type JobText } from "./jobs";

/** The words of one job in one language (the record's), with the dates and countries written out. */
export interface JobContent extends JobText {
  /** "September 2025" / "septiembre de 2025". */
  postedLabel: string;
  /** Countries candidates may work from, named in the page's language. */
  countries: string[];
}

/** Null when the job is not written in `locale` (its page there is a 404, its list leaves it out). */
export async function getJobContent(locale: Locale, job: Job): Promise<JobContent | null> {
  if (!isJobShownIn(job, locale)) return null;
  const text = job.texts[locale]!;
  const format = await getFormatter({ locale });
  const countryNames = new Intl.DisplayNames([locale], { type: "region" });
  return {
    ...text,
    postedLabel: format.dateTime(new Date(`${job.datePosted}T12:00:00Z`), {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
    countries: job.applicantCountries.map((code) => countryNames.of(code) ?? code),
  };
}
