/** Keys of the home page's repeated items; their text lives in messages under Home.*. */
export const INDUSTRIES = [
  "finance",
  "healthcare",
  "manufacturing",
  "retail",
  "logistics",
  "technology",
] as const;
export const RECEPTIONIST_POINTS = ["always", "booking", "crm", "bilingual", "routing"] as const;
export const OUTCOMES = ["calls", "interactions", "hours", "saved", "cost"] as const;
export const EXPERTISE_AREAS = ["design", "integration", "optimization", "data"] as const;
export const PROCESS_STEPS = ["discover", "architect", "develop", "integrate", "optimize"] as const;
export const DIFFERENTIATORS = [
  "aiFirst",
  "custom",
  "integration",
  "bilingual",
  "security",
] as const;
export const CASE_STUDIES = ["retail", "healthcare", "finance"] as const;
export const FAQ_ITEMS = [
  "item-1",
  "item-2",
  "item-3",
  "item-4",
  "item-5",
  "item-6",
  "item-7",
  "item-8",
  "item-9",
  "item-10",
] as const;
