/**
 * The three kinds of reading the questionnaire's thank-you offers, each an article the migration
 * brought in from code (its id is fixed: docs/decisions/018-content-records.md), whatever its slug or
 * title is today. Imported by the browser's questionnaire: ids only, no database.
 */
export const RELATED_ARTICLE_IDS = {
  scaling: "b4b8f835-d7ed-550f-895c-3e1aacdaef5d",
  integration: "ef52a033-233d-5966-9199-d95fcca17a47",
  useCases: "0639fbb1-0308-5193-9bf0-75449590942d",
} as const;
export type RelatedArticleKey = keyof typeof RELATED_ARTICLE_IDS;

/**
 * The reading picked from the answers a visitor just gave: a company already using AI reads about
 * scaling past the pilot; one whose data sits in its own systems, about integrating without
 * disruption; anyone else starts from the use cases.
 */
export function articleForAnswers(answers: {
  uses_ai?: string;
  data_storage?: string;
}): RelatedArticleKey {
  if (answers.uses_ai === "Yes") return "scaling";
  if (answers.data_storage === "On-premises" || answers.data_storage === "Hybrid")
    return "integration";
  return "useCases";
}
