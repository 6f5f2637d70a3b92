import { describe, expect, it } from "vitest";
import { articleForAnswers } from "@/lib/content/related-articles";

describe("the article offered after the questionnaire", () => {
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
