import { describe, expect, it } from "vitest";
import { buildJobPosting } from "@/lib/careers/job-posting";
import { applyHref, isJobOpen, type Job } from "@/lib/careers/jobs";
import { indexablePublicPaths } from "@/lib/seo/public-pages";
import { makeJob } from "../../support/job-fixtures";

const organization = {
  name: "Avanza AI",
  siteUrl: "https://avanza.example",
  logoUrl: "https://avanza.example/icon.svg",
};
const text = {
  title: "T",
  description: ["Intro <b>bold</b>"],
  responsibilities: ["Build"],
  skills: ["TS"],
  qualifications: ["BSc"],
};

describe("where Apply leads", () => {
  it("sends Apply to the careers mail draft, or to a job's own application page when it has one", () => {
    const editor = makeJob();
    expect(applyHref(editor, "jobs@acme.test")).toBe(
      "mailto:jobs@acme.test?subject=Video%20Editor",
    );
    const withPage = makeJob({ apply: { kind: "url", url: "https://jobs.acme.test/editor" } });
    expect(applyHref(withPage, "jobs@acme.test")).toBe("https://jobs.acme.test/editor");
  });
});

describe("JobPosting structured data", () => {
  it("describes the AI Software Developer as Google for Jobs expects", () => {
    const posting = buildJobPosting(
      makeJob({
        id: "ai-software-developer",
        salary: { currency: "USD", min: 90_000, max: 150_000, unit: "YEAR" },
      }),
      text,
      organization,
      "https://avanza.example/careers/ai-software-developer",
    );
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      datePosted: "2025-09-01",
      employmentType: "FULL_TIME",
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: [{ "@type": "Country", name: "US" }],
      hiringOrganization: { "@type": "Organization", name: "Avanza AI" },
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "USD",
        value: {
          "@type": "QuantitativeValue",
          minValue: 90000,
          maxValue: 150000,
          unitText: "YEAR",
        },
      },
      responsibilities: "Build",
      skills: "TS",
      qualifications: "BSc",
    });
  });

  it("states no salary for a job whose pay is not published, and escapes text in the HTML description", () => {
    const posting = buildJobPosting(
      makeJob(),
      text,
      organization,
      "https://avanza.example/careers/video-editor",
    );
    expect(posting).not.toHaveProperty("baseSalary");
    expect(posting.description).toContain("Intro &lt;b&gt;bold&lt;/b&gt;");
  });
});

describe("live job postings", () => {
  it("treats a role without an end date as open until filled, and omits validThrough from its JobPosting", () => {
    const job = makeJob();
    expect(job.validThrough).toBeUndefined();
    expect(isJobOpen(job, new Date("2099-01-01T00:00:00Z"))).toBe(true);
    const posting = buildJobPosting(job, text, organization, "https://avanza.example/careers/x");
    expect(posting).not.toHaveProperty("validThrough");
    expect(posting.datePosted).toBe(job.datePosted);
  });

  it("closes a role after its end date or once it is marked closed", () => {
    const base = makeJob();
    const ending: Job = { ...base, validThrough: "2030-06-30" };
    expect(isJobOpen(ending, new Date("2030-06-30T23:00:00Z"))).toBe(true);
    expect(isJobOpen(ending, new Date("2030-07-01T00:00:01Z"))).toBe(false);
    expect(buildJobPosting(ending, text, organization, "u").validThrough).toBe(
      "2030-06-30T23:59:59Z",
    );
    expect(isJobOpen({ ...base, closedOn: "2026-01-15" })).toBe(false);
    expect(isJobOpen({ ...base, status: "closed" })).toBe(false);
  });

  it("leaves the jobs out of the fixed list of pages: the sitemap takes them from the records", () => {
    expect(indexablePublicPaths().filter((path) => path.startsWith("/careers/"))).toEqual([]);
  });
});
