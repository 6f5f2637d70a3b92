/** The shape of a job posting's lists, shared by the careers pages and the content studio (plain TypeScript). */

/** The lists a job page shows, in this order; each optional (the AI developer's page groups requirements). */
export const JOB_SECTIONS = [
  "role",
  "ideal",
  "requirements",
  "tasks",
  "deal_breakers",
  "education",
  "skills",
  "preferred",
] as const;
export type JobSection = (typeof JOB_SECTIONS)[number];

export type JobSections = Partial<Record<JobSection, string[]>>;

/** Only the known lists, each a list of strings: the column is JSON, and the pages trust this shape. */
export function sectionsOf(value: unknown): JobSections {
  const sections: JobSections = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return sections;
  for (const key of JOB_SECTIONS) {
    const items = (value as Record<string, unknown>)[key];
    if (Array.isArray(items))
      sections[key] = items.filter((item): item is string => typeof item === "string");
  }
  return sections;
}
