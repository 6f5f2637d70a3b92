import { describe, expect, it } from "vitest";
import sitemap from "@/app/sitemap";
import { SOLUTION_SLUGS } from "@/lib/content/solutions";

describe("sitemap", () => {
  const entries = sitemap();
  const urls = entries.map((entry) => new URL(entry.url).pathname);

  it("lists every solution page in Spanish and English", () => {
    for (const slug of SOLUTION_SLUGS)
      expect(urls).toEqual(expect.arrayContaining([`/solutions/${slug}`, `/en/solutions/${slug}`]));
  });

  it("gives each entry its es, en and x-default alternates", () => {
    const article = entries.find((entry) =>
      entry.url.endsWith("/en/blog/integrate-ai-without-disruption"),
    );
    expect(Object.keys(article?.alternates?.languages ?? {})).toEqual(["es", "en", "x-default"]);
  });

  it("leaves out the noindex booking confirmation and the staff tools", () => {
    expect(
      urls.some((url) => /^\/(en\/)?(booking-confirmation|crm|analytics|proposal)/.test(url)),
    ).toBe(false);
  });
});
