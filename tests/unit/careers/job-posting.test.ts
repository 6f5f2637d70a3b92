import { describe, expect, it } from "vitest";
import { buildJobPosting } from "@/lib/careers/job-posting";
import { findJob, jobs } from "@/lib/careers/jobs";

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

  it("applies by e-mail with the job in the subject, by the lead form, or by booking a call", () => {
    expect(findJob("customer-success-manager")?.apply).toEqual({
      kind: "email",
      subject: "Customer Success Manager",
    });
    expect(findJob("video-editor")?.apply).toEqual({ kind: "email", subject: "Video Editor" });
    expect(findJob("content-creator-social-media")?.apply).toEqual({ kind: "leadForm" });
    expect(findJob("ai-software-developer")?.apply).toEqual({ kind: "meeting" });
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
      validThrough: "2025-12-31T23:59:59Z",
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
