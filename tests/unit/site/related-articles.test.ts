import { describe, expect, it } from "vitest";
import { articleForAnswers } from "@/lib/content/related-articles";

describe("the article offered after the questionnaire", () => {
  it("picks the thank-you's article from the answers", () => {
    expect(articleForAnswers({ uses_ai: "Yes", data_storage: "Cloud" })).toBe("scaling");
    expect(articleForAnswers({ uses_ai: "No", data_storage: "On-premises" })).toBe("integration");
    expect(articleForAnswers({ uses_ai: "No", data_storage: "Hybrid" })).toBe("integration");
    expect(articleForAnswers({ uses_ai: "No", data_storage: "Cloud" })).toBe("useCases");
    expect(articleForAnswers({})).toBe("useCases");
  });
});
