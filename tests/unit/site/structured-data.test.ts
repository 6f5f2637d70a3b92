import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildJobPosting } from "@/lib/careers/job-posting";
import { makeJob } from "../../support/job-fixtures";
import { buildPageMetadata } from "@/lib/seo/metadata";
import {
  JOB_SOCIAL_IMAGE_SIZE,
  LOGO_PATH,
  SOCIAL_IMAGE_SIZE,
  defaultSocialImage,
  socialImageOf,
} from "@/lib/seo/social-image";
import { articleJsonLd, organizationJsonLd } from "@/lib/seo/structured-data";
import { site } from "@/lib/site";

const PUBLIC = path.join(import.meta.dirname, "../../../public");

/** Width and height from a PNG's IHDR chunk; throws if the file is not a PNG. */
function pngSize(publicPath: string) {
  const bytes = readFileSync(path.join(PUBLIC, publicPath));
  expect(bytes.subarray(1, 4).toString("ascii"), publicPath).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("Organization on the home page", () => {
  it("names the business, its address in the page's language, its PNG logo and how to reach sales", () => {
    const organization = organizationJsonLd("en");
    expect(organization).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${site.siteUrl}/#organization`,
      name: site.name,
      url: `${site.siteUrl}/en`,
      logo: { "@type": "ImageObject", url: `${site.siteUrl}${LOGO_PATH}`, width: 512, height: 512 },
      email: site.contactEmail,
      telephone: site.phone,
      contactPoint: [
        {
          "@type": "ContactPoint",
          contactType: "sales",
          email: site.contactEmail,
          telephone: site.phone,
          availableLanguage: ["es", "en"],
        },
      ],
    });
    expect(organizationJsonLd("es").url).toBe(`${site.siteUrl}/`);
    expect(organizationJsonLd("es")["@id"]).toBe(organization["@id"]);
  });

  it("points at a logo that exists: a 512 × 512 PNG", () => {
    expect(pngSize(LOGO_PATH)).toEqual({ width: 512, height: 512 });
  });
});

describe("Article", () => {
  const article = articleJsonLd({
    locale: "es",
    slug: "scaling-ai-beyond-the-pilot",
    title: "T",
    description: "D",
    datePublished: "2025-09-02",
    // A cover is a content image; its PNG for link previews is served beside it (lib/content/content-image-url.ts).
    image: "/media/9647d44b-53e3-5231-a555-340aadba0bf4.png",
  });

  it("names the publisher with its logo, and a PNG image", () => {
    expect(article).toMatchObject({
      "@type": "Article",
      datePublished: "2025-09-02",
      dateModified: "2025-09-02",
      image: `${site.siteUrl}/media/9647d44b-53e3-5231-a555-340aadba0bf4.png`,
      publisher: {
        "@type": "Organization",
        name: site.name,
        logo: { "@type": "ImageObject", url: `${site.siteUrl}${LOGO_PATH}` },
      },
    });
  });
});

describe("JobPosting", () => {
  const organization = {
    name: site.name,
    siteUrl: site.siteUrl,
    logoUrl: `${site.siteUrl}${LOGO_PATH}`,
  };
  const text = {
    title: "T",
    description: ["D"],
    responsibilities: [],
    skills: [],
    qualifications: [],
  };
  const jobs = [
    makeJob(),
    makeJob({ id: "apply-elsewhere", apply: { kind: "url", url: "https://jobs.example/apply" } }),
    makeJob({
      id: "ai-software-developer",
      salary: { currency: "USD", min: 90_000, max: 150_000, unit: "YEAR" },
    }),
  ];
  const posting = (id: string) =>
    buildJobPosting(
      jobs.find((job) => job.id === id)!,
      text,
      organization,
      "https://x.example/j",
    );

  it("says a role taken by e-mail from its page is a direct application, and one that sends the candidate elsewhere is not", () => {
    for (const job of jobs)
      expect(posting(job.id).directApply, job.id).toBe(job.apply.kind === "email");
    expect(posting("video-editor").directApply).toBe(true);
    expect(posting("apply-elsewhere").directApply).toBe(false);
  });

  it("states the pay of the one role that publishes it, and no pay for the others", () => {
    expect(posting("ai-software-developer").baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", minValue: 90000, maxValue: 150000, unitText: "YEAR" },
    });
    for (const job of jobs.filter((candidate) => !candidate.salary))
      expect(posting(job.id), job.id).not.toHaveProperty("baseSalary");
    expect(jobs.filter((job) => job.salary).map((job) => job.id)).toEqual([
      "ai-software-developer",
    ]);
  });
});

describe("social images", () => {
  it("gives every page both og:image and twitter:image, with their alt text", () => {
    const metadata = buildPageMetadata({
      locale: "en",
      pathname: "/privacy-policy",
      title: "Privacy",
      description: "d",
      image: defaultSocialImage("Alt"),
    });
    expect(metadata.openGraph?.images).toEqual([
      { url: defaultSocialImage("Alt").path, width: 1200, height: 630, alt: "Alt" },
    ]);
    expect(metadata.twitter).toMatchObject({
      card: "summary_large_image",
      images: [{ url: defaultSocialImage("Alt").path, alt: "Alt" }],
    });
  });

  it("has a PNG of the stated size for the default image and every job picture", () => {
    expect(pngSize(defaultSocialImage("x").path)).toEqual(SOCIAL_IMAGE_SIZE);
    // The pictures the migrated jobs point at (prisma/migrations/20261205200000_content_job_postings).
    for (const name of [
      "customer-success-manager",
      "content-creator-social-media",
      "video-editor",
      "ai-software-developer",
    ]) {
      const image = socialImageOf(`/images/careers/${name}.svg`, JOB_SOCIAL_IMAGE_SIZE, "x");
      expect(existsSync(path.join(PUBLIC, image.path)), image.path).toBe(true);
      expect(pngSize(image.path)).toEqual(JOB_SOCIAL_IMAGE_SIZE);
    }
  });
});
