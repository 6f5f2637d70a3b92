import "server-only";
import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import type { Job } from "./jobs";

/** The words of one job in one language, read from messages/<locale>.json (`Jobs.<messageKey>`). */
export interface JobContent {
  title: string;
  summary: string;
  imageAlt: string;
  role: string[];
  ideal: string[];
  requirements: string[];
  tasks: string[];
  dealBreakers: string[];
  /** AI Software Developer only: the three groups of requirements. */
  education: string[];
  skills: string[];
  preferred: string[];
  team: string;
  location: string;
  type: string;
  /** "September 2025" / "septiembre de 2025". */
  postedLabel: string;
  /** Countries candidates may work from, named in the page's language. */
  countries: string[];
}

export async function getJobContent(locale: Locale, job: Job): Promise<JobContent> {
  const t = await getTranslations({ locale, namespace: "Jobs" });
  const tCareers = await getTranslations({ locale, namespace: "Careers" });
  const format = await getFormatter({ locale });
  const key = job.messageKey;
  const list = (field: string): string[] => {
    const path = `${key}.${field}` as Parameters<typeof t.has>[0];
    // Lists are stored as objects keyed "1", "2"…, which JavaScript keeps in numeric order.
    return t.has(path) ? Object.values(t.raw(path) as Record<string, string>) : [];
  };
  const countryNames = new Intl.DisplayNames([locale], { type: "region" });
  return {
    title: t(`${key}.title`),
    summary: t(`${key}.summary`),
    imageAlt: t(`${key}.imageAlt`),
    role: list("role"),
    ideal: list("ideal"),
    requirements: list("requirements"),
    tasks: list("tasks"),
    dealBreakers: list("dealBreakers"),
    education: list("education"),
    skills: list("skills"),
    preferred: list("preferred"),
    team: tCareers(`teams.${job.team}`),
    location: tCareers("remote"),
    type: tCareers("fullTime"),
    postedLabel: format.dateTime(new Date(`${job.datePosted}T12:00:00Z`), {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
    countries: job.applicantCountries.map((code) => countryNames.of(code) ?? code),
  };
}
