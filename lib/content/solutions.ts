/** Every solution with a page at /solutions/{slug}; titles and texts live in messages under Solutions.items. */
export const SOLUTION_SLUGS = [
  "voice-agents",
  "lead-generation",
  "customer-engagement-platform",
  "omnichannel-response",
  "lead-reactivation",
  "phone-number-management",
  "process-automation",
  "data-analytics",
  "intelligent-workflow-automation",
] as const;
export type SolutionSlug = (typeof SOLUTION_SLUGS)[number];

/** The home page's two groups of cards: commercial and internal solutions. */
export const COMMERCIAL_SOLUTIONS = [
  "voice-agents",
  "lead-generation",
  "customer-engagement-platform",
] as const satisfies readonly SolutionSlug[];
export const INTERNAL_SOLUTIONS = [
  "process-automation",
  "data-analytics",
  "intelligent-workflow-automation",
] as const satisfies readonly SolutionSlug[];

export function isSolutionSlug(value: string): value is SolutionSlug {
  return (SOLUTION_SLUGS as readonly string[]).includes(value);
}
