import type { ArticleSlug } from "@/lib/content/blog";

/**
 * The article the questionnaire's thank-you offers, picked from the answers a visitor just gave:
 * a company already using AI reads about scaling past the pilot; one whose data sits in its own
 * systems, about integrating without disruption; anyone else starts from the use cases.
 */
export function articleForAnswers(answers: {
  uses_ai?: string;
  data_storage?: string;
}): ArticleSlug {
  if (answers.uses_ai === "Yes") return "scaling-ai-beyond-the-pilot";
  if (answers.data_storage === "On-premises" || answers.data_storage === "Hybrid")
    return "integrate-ai-without-disruption";
  return "top-enterprise-ai-use-cases-2025";
}
