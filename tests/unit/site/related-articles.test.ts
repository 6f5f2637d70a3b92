import { describe, expect, it } from "vitest";
import { ARTICLE_SLUGS } from "@/lib/content/blog";
import { articleForAnswers, relatedArticles } from "@/lib/content/related-articles";

describe("articles offered after an article and after the questionnaire", () => {
  it("ends every article with up to three other articles, never itself", () => {
    for (const slug of ARTICLE_SLUGS) {
      const related = relatedArticles(slug);
      expect(related.length).toBeGreaterThan(0);
      expect(related.length).toBeLessThanOrEqual(3);
      expect(related).not.toContain(slug);
      expect(new Set(related).size).toBe(related.length);
    }
  });

  it("picks the thank-you's article from the answers", () => {
    expect(articleForAnswers({ uses_ai: "Yes", data_storage: "Cloud" })).toBe(
      "scaling-ai-beyond-the-pilot",
    );
    expect(articleForAnswers({ uses_ai: "No", data_storage: "On-premises" })).toBe(
      "integrate-ai-without-disruption",
    );
    expect(articleForAnswers({ uses_ai: "No", data_storage: "Cloud" })).toBe(
      "top-enterprise-ai-use-cases-2025",
    );
    expect(articleForAnswers({})).toBe("top-enterprise-ai-use-cases-2025");
  });
});
