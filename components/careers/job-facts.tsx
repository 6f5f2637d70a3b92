import type { JobContent } from "@/lib/careers/job-content";

interface JobFactsProps {
  content: JobContent;
  labels: {
    facts: string;
    datePosted: string;
    team: string;
    location: string;
    type: string;
    applicantCountries: string;
  };
}

/** Date posted, team, location, type and where candidates may live, as a description list. */
export function JobFacts({ content, labels }: JobFactsProps) {
  const facts = [
    [labels.datePosted, content.postedLabel],
    [labels.team, content.team],
    [labels.location, content.location],
    [labels.type, content.type],
    [labels.applicantCountries, content.countries.join(", ")],
  ] as const;
  return (
    <dl
      aria-label={labels.facts}
      className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-2xl border border-border bg-surface p-5 text-sm sm:grid-cols-3 lg:grid-cols-5"
    >
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-muted">{term}</dt>
          <dd className="mt-0.5 font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
