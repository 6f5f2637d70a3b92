import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { chooseStaffLanguage, startSignedInAsOwner } from "../support/staff";

// Job postings end to end: an owner writes a job in the studio in both languages and opens it; it is on
// the careers page, has its own page with JobPosting data dated from the record, and is in the sitemap.
// Closed from the studio, its page says so and links to the open roles, without JobPosting data, and it
// leaves the list and the sitemap; each change shows on the next request. An older revision comes back
// as a new one. Screenshots of the careers pages and the studio, 360 and 1366 px.

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function jobPostings(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text)).filter((data) => data["@type"] === "JobPosting");
}

startSignedInAsOwner();

test("an owner writes and opens a job in the studio; it is on the careers pages; closed, it says so", async ({
  page,
}, testInfo) => {
  test.setTimeout(420_000);
  const id = `disenador-producto-${Date.now().toString(36)}`;
  const today = new Date().toISOString().slice(0, 10);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/crm/content/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Job postings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Video Editor" })).toBeVisible();
  await shot(page, testInfo, "studio-jobs-en-1366");

  await page.getByRole("link", { name: "New job" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New job" })).toBeVisible();
  await page.getByLabel("Address", { exact: true }).fill(id);
  await page.getByLabel("Pay from (yearly)").fill("60000");
  await page.getByLabel("Pay up to (yearly)").fill("80000");
  const spanish = page.getByRole("region", { name: "Spanish" });
  const english = page.getByRole("region", { name: "English" });
  for (const [region, values] of [
    [
      spanish,
      {
        Title: "Diseñador/a de producto",
        Team: "Producto",
        Location: "Remoto",
        Type: "Tiempo completo",
        Summary: "Diseña las herramientas que usan nuestros clientes cada día.",
        "What you'll do": "Entrevistar a clientes.\nPrototipar flujos nuevos.",
      },
    ],
    [
      english,
      {
        Title: "Product Designer",
        Team: "Product",
        Location: "Remote",
        Type: "Full-Time",
        Summary: "Design the tools our clients use every day.",
        "What you'll do": "Interview clients.\nPrototype new flows.",
      },
    ],
  ] as const) {
    for (const [label, value] of Object.entries(values))
      await region.getByLabel(label, { exact: true }).fill(value);
  }
  await shot(page, testInfo, "studio-job-editor-en-1366");
  await page.getByRole("button", { name: "Open the job" }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/content/jobs/${id}$`));
  await expect(page.getByTestId("job-state")).toContainText("Open");

  // Every change is a revision with who and when; an older one comes back as a new revision.
  const englishTitle = english.getByLabel("Title", { exact: true });
  await englishTitle.fill("Product Designer (draft title)");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("job-state")).toContainText("Revision 3");
  await page.getByText("History", { exact: true }).click();
  await expect(page.getByText(/^Revision 3 · .+ · E2E Owner$/)).toBeVisible();
  await page.getByRole("button", { name: "Restore revision 2" }).click();
  await expect(page.getByText("Revision 2 restored as a new revision.")).toBeVisible();
  await expect(page.getByTestId("job-state")).toContainText("Revision 4");
  await expect(page.getByTestId("job-state")).toContainText("Open");
  await expect(englishTitle).toHaveValue("Product Designer");
  await shot(page, testInfo, "studio-job-history-en-1366");

  // The careers pages show it on the next request (this instance made the change).
  for (const [prefix, title] of [
    ["", "Diseñador/a de producto"],
    ["/en", "Product Designer"],
  ] as const) {
    await page.goto(`${prefix}/careers`);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    const response = await page.goto(`${prefix}/careers/${id}`);
    expect(response!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const [posting] = await jobPostings(page);
    expect(posting).toMatchObject({ title, datePosted: today });
    expect(posting.baseSalary.value).toMatchObject({ minValue: 60000, maxValue: 80000 });
  }
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/en/careers/${id}</loc>`);

  // The careers pages at both widths in both languages.
  for (const [prefix, lang] of [
    ["", "es"],
    ["/en", "en"],
  ] as const) {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${prefix}/careers`);
      await expectNoSideways(page);
      await shot(page, testInfo, `careers-${lang}-${width}`);
      await page.goto(`${prefix}/careers/${id}`);
      await expectNoSideways(page);
      await shot(page, testInfo, `job-${lang}-${width}`);
    }
  }

  // Closed from the studio: the page stays, says so, links to the open roles; no JobPosting, no sitemap.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/crm/content/jobs/${id}`);
  await page.getByRole("button", { name: "Close the job" }).click();
  await expect(page.getByTestId("job-state")).toContainText("Closed");
  await page.goto(`/en/careers/${id}`);
  await expect(page.getByText("This position is closed")).toBeVisible();
  await expect(page.getByRole("link", { name: "See the open roles" })).toHaveAttribute(
    "href",
    "/en/careers",
  );
  expect(await jobPostings(page)).toEqual([]);
  await shot(page, testInfo, "job-closed-en-1366");
  await page.goto("/en/careers");
  await expect(page.getByRole("link", { name: "Product Designer" })).toHaveCount(0);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(`/careers/${id}<`);
  // A job that never existed is the site's 404, server-rendered in the address's language.
  expect((await page.goto(`/en/careers/no-such-role-${id}`))!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this page");
  await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();

  // The studio in Spanish on a phone, and the editor at both widths.
  await chooseStaffLanguage(page, "es");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/crm/content/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Ofertas de empleo" })).toBeVisible();
  await expectNoSideways(page);
  await shot(page, testInfo, "studio-jobs-es-360");
  await page.goto(`/crm/content/jobs/${id}`);
  await expect(
    page.getByRole("region", { name: "Español" }).getByLabel("Título", { exact: true }),
  ).toHaveValue("Diseñador/a de producto");
  await expectNoSideways(page);
  await shot(page, testInfo, "studio-job-editor-es-360");
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, testInfo, "studio-job-editor-es-1366");
  await chooseStaffLanguage(page, "en");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/crm/content/jobs");
  await expectNoSideways(page);
  await shot(page, testInfo, "studio-jobs-en-360");
});
