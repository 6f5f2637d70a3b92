import type { Job } from "./jobs";

export interface JobPostingText {
  title: string;
  /** Plain paragraphs; joined into the HTML description search engines expect. */
  description: string[];
  responsibilities: string[];
  skills: string[];
  qualifications: string[];
}

export interface Organization {
  name: string;
  siteUrl: string;
  logoUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const htmlList = (items: string[]) =>
  items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : "";

/**
 * schema.org JobPosting for one job page, as Google for Jobs reads it: remote (TELECOMMUTE) with
 * the countries candidates may live in, and the salary only when the job data states one.
 */
export function buildJobPosting(
  job: Job,
  text: JobPostingText,
  organization: Organization,
  url: string,
) {
  const description = [
    ...text.description.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    htmlList(text.responsibilities),
    htmlList(text.qualifications),
  ].join("");
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: text.title,
    description,
    url,
    identifier: { "@type": "PropertyValue", name: organization.name, value: job.id },
    datePosted: job.datePosted,
    // Without an end date the role is open until filled.
    ...(job.validThrough ? { validThrough: `${job.validThrough}T23:59:59Z` } : {}),
    employmentType: job.employmentType,
    // An e-mail to the careers mailbox straight from the job page is the whole application: no
    // account, no other site. Anything else sends the candidate elsewhere first.
    directApply: job.apply.kind === "email",
    hiringOrganization: {
      "@type": "Organization",
      name: organization.name,
      sameAs: organization.siteUrl,
      logo: organization.logoUrl,
    },
    jobLocationType: "TELECOMMUTE",
    applicantLocationRequirements: job.applicantCountries.map((country) => ({
      "@type": "Country",
      name: country,
    })),
    ...(job.salary
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: job.salary.currency,
            value: {
              "@type": "QuantitativeValue",
              minValue: job.salary.min,
              maxValue: job.salary.max,
              unitText: job.salary.unit,
            },
          },
        }
      : {}),
    ...(text.responsibilities.length ? { responsibilities: text.responsibilities.join(" ") } : {}),
    ...(text.skills.length ? { skills: text.skills.join(" ") } : {}),
    ...(text.qualifications.length ? { qualifications: text.qualifications.join(" ") } : {}),
  };
}
