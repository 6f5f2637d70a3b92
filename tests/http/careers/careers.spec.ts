// The careers pages' server-rendered facts: links, breadcrumbs, canonical and JobPosting structured data, read
// from the HTML without a browser (moved from tests/e2e/careers/careers.spec.ts in issue 61).
import { expect, test, type APIRequestContext } from "@playwright/test";
import { elementsOf, headings, jsonLd, linkTags, links } from "../site/html";

const JOB_IDS = [
  "customer-success-manager",
  "content-creator-social-media",
  "video-editor",
  "ai-software-developer",
] as const;
const CAREERS_MAIL = /^mailto:careers@avanza\.example/;

async function html(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

function jobPosting(page: string) {
  const postings = jsonLd(page).filter((data) => data["@type"] === "JobPosting");
  expect(postings).toHaveLength(1);
  // Tests read the fields they assert.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return postings[0] as Record<string, any>;
}

/** The breadcrumb trail's HTML (the navigation labelled so), in either language. */
function breadcrumb(page: string) {
  const trail = elementsOf(page, "nav", (nav) =>
    ["Breadcrumb", "Ruta de navegación"].includes(nav["aria-label"] ?? ""),
  );
  expect(trail).toHaveLength(1);
  return trail[0]!.inner;
}

test.describe("careers list", () => {
  test("shows the breadcrumb, four roles and the careers mailbox for open applications", async ({
    request,
  }) => {
    const page = await html(request, "/en/careers");
    const trail = breadcrumb(page);
    expect(links(trail).find((link) => link.text === "Home")?.href).toBe("/en");
    expect(
      elementsOf(trail, "span", (span) => span["aria-current"] === "page").map((span) => span.text),
    ).toEqual(["Careers"]);
    const articles = elementsOf(page, "article");
    expect(articles).toHaveLength(4);
    expect(articles[0]!.text).toContain("Posted September 2025");
    expect(links(page).find((link) => link.text === "careers@avanza.example")?.href).toMatch(
      CAREERS_MAIL,
    );
  });
});

test.describe("job pages", () => {
  test("apply by e-mail with the job title in the subject", async ({ request }) => {
    for (const [id, subject] of [
      ["customer-success-manager", "Customer Success Manager"],
      ["video-editor", "Video Editor"],
    ] as const) {
      const pageLinks = links(await html(request, `/careers/${id}`));
      expect(
        pageLinks.filter((link) => link.text === "Postúlate ahora").map((link) => link.href),
      ).toEqual([`mailto:careers@avanza.example?subject=${encodeURIComponent(subject)}`]);
      expect(
        pageLinks.filter((link) => link.text === "Vacantes abiertas").map((link) => link.href),
      ).toEqual(["/careers"]);
    }
  });

  for (const id of JOB_IDS) {
    test(`${id} carries JobPosting structured data in both languages`, async ({ request }) => {
      for (const prefix of ["", "/en"]) {
        const page = await html(request, `${prefix}/careers/${id}`);
        const posting = jobPosting(page);
        expect(posting).toMatchObject({
          "@context": "https://schema.org",
          datePosted: "2025-09-01",
          employmentType: "FULL_TIME",
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: [{ "@type": "Country", name: "US" }],
          hiringOrganization: { "@type": "Organization", name: "Avanza AI" },
        });
        // Open until filled: no end date, rather than one already past.
        expect(posting).not.toHaveProperty("validThrough");
        expect([posting.title]).toEqual(headings(page, 1));
        // The same breadcrumb on every job page: Home › Careers › the role.
        expect(links(breadcrumb(page)).map((link) => link.text)).toEqual(
          prefix ? ["Home", "Careers"] : ["Inicio", "Empleo"],
        );
        expect(posting.description.length).toBeGreaterThan(100);
      }
    });
  }

  test("the AI Software Developer states its salary, skills and qualifications", async ({
    request,
  }) => {
    const page = await html(request, "/en/careers/ai-software-developer");
    const posting = jobPosting(page);
    expect(posting.baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", minValue: 90000, maxValue: 150000, unitText: "YEAR" },
    });
    for (const field of ["responsibilities", "skills", "qualifications"])
      expect(posting[field]).toEqual(expect.any(String));
    expect(linkTags(page, "canonical")[0]?.href).toMatch(/\/en\/careers\/ai-software-developer$/);
  });
});

test.describe("AI Software Developer page", () => {
  test("the Spanish page's canonical is /careers/ai-software-developer", async ({ request }) => {
    const page = await html(request, "/careers/ai-software-developer");
    expect(new URL(linkTags(page, "canonical")[0]!.href!).pathname).toBe(
      "/careers/ai-software-developer",
    );
  });
});
