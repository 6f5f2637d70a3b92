import { describe, expect, it } from "vitest";
import { buildJobPosting } from "@/lib/careers/job-posting";
import { applyHref, findJob, isJobOpen, jobs, openJobs, type Job } from "@/lib/careers/jobs";
import { indexablePublicPaths } from "@/lib/seo/public-pages";

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

describe("job data", () => {
  it("lists the four roles of the spec, all remote, full time and posted in September 2025", () => {
    expect(jobs.map((job) => [job.id, job.team])).toEqual([
      ["customer-success-manager", "customerSuccess"],
      ["content-creator-social-media", "marketing"],
      ["video-editor", "content"],
      ["ai-software-developer", "engineering"],
    ]);
    for (const job of jobs) {
      expect(job).toMatchObject({ isRemote: true, employmentType: "FULL_TIME" });
      expect(job.datePosted).toMatch(/^2025-09-/);
    }
  });

  it("applies to the careers mailbox with the role in the subject, never through sales tools", () => {
    expect(findJob("customer-success-manager")?.apply).toEqual({
      kind: "email",
      subject: "Customer Success Manager",
    });
    expect(findJob("video-editor")?.apply).toEqual({ kind: "email", subject: "Video Editor" });
    expect(findJob("content-creator-social-media")?.apply).toEqual({
      kind: "email",
      subject: "Content Creator & Social Media Manager",
    });
    expect(findJob("ai-software-developer")?.apply).toEqual({
      kind: "email",
      subject: "AI Software Developer",
    });
  });

  it("sends Apply to the careers mail draft, or to a job's own application page when it has one", () => {
    const editor = findJob("video-editor")!;
    expect(applyHref(editor, "jobs@acme.test")).toBe(
      "mailto:jobs@acme.test?subject=Video%20Editor",
    );
    const withPage = {
      ...editor,
      apply: { kind: "url", url: "https://jobs.acme.test/editor" },
    } as const;
    expect(applyHref(withPage, "jobs@acme.test")).toBe("https://jobs.acme.test/editor");
    for (const job of jobs) {
      expect(applyHref(job, "jobs@acme.test")).toMatch(/^mailto:jobs@acme\.test\?subject=/);
    }
  });
});

describe("JobPosting structured data", () => {
  it("describes the AI Software Developer as Google for Jobs expects", () => {
    const posting = buildJobPosting(
      findJob("ai-software-developer")!,
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
      findJob("video-editor")!,
      text,
      organization,
      "https://avanza.example/careers/video-editor",
    );
    expect(posting).not.toHaveProperty("baseSalary");
    expect(posting.description).toContain("Intro &lt;b&gt;bold&lt;/b&gt;");
  });
});

describe("live job postings", () => {
  it("publishes no open role whose validThrough is already past", () => {
    const now = new Date();
    for (const job of jobs.filter((candidate) => !candidate.closedOn)) {
      if (job.validThrough)
        expect(
          new Date(`${job.validThrough}T23:59:59Z`).getTime(),
          `${job.id} says it closes on ${job.validThrough}`,
        ).toBeGreaterThanOrEqual(now.getTime());
      expect(isJobOpen(job, now), job.id).toBe(true);
    }
  });

  it("treats a role without an end date as open until filled, and omits validThrough from its JobPosting", () => {
    const job = findJob("video-editor")!;
    expect(job.validThrough).toBeUndefined();
    expect(isJobOpen(job, new Date("2099-01-01T00:00:00Z"))).toBe(true);
    const posting = buildJobPosting(job, text, organization, "https://avanza.example/careers/x");
    expect(posting).not.toHaveProperty("validThrough");
    expect(posting.datePosted).toBe(job.datePosted);
  });

  it("closes a role after its end date or once it is marked closed", () => {
    const base = findJob("video-editor")!;
    const ending: Job = { ...base, validThrough: "2030-06-30" };
    expect(isJobOpen(ending, new Date("2030-06-30T23:00:00Z"))).toBe(true);
    expect(isJobOpen(ending, new Date("2030-07-01T00:00:01Z"))).toBe(false);
    expect(buildJobPosting(ending, text, organization, "u").validThrough).toBe(
      "2030-06-30T23:59:59Z",
    );
    expect(isJobOpen({ ...base, closedOn: "2026-01-15" })).toBe(false);
  });

  it("lists exactly the open roles in the sitemap's pages", () => {
    const careerPages = indexablePublicPaths().filter((path) => path.startsWith("/careers/"));
    expect(careerPages).toEqual(openJobs().map((job) => `/careers/${job.id}`));
  });
});
