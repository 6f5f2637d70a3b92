import { expect, test, type Page } from "@playwright/test";

// What the server renders from the address (parameters, defaults, fallbacks, links, noindex) and the calendar
// endpoint's 400s are checked without a browser in tests/http/booking/booking.spec.ts; here what needs one.

const detail = (page: Page, term: string) =>
  page.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

test.describe("booking confirmation", () => {
  test("shows markup in the address as text and runs none of it", async ({ page }) => {
    const problems: string[] = [];
    page.on("dialog", (dialog) => {
      problems.push(dialog.message());
      void dialog.dismiss();
    });
    const name = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
    await page.goto(
      `/en/booking-confirmation?name=${encodeURIComponent(name)}&service=${encodeURIComponent("<b>bold</b>")}`,
    );
    await expect(detail(page, "Name")).toHaveText(name);
    await expect(detail(page, "Service")).toHaveText("<b>bold</b>");
    await expect(page.locator("b", { hasText: "bold" })).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    expect(problems).toEqual([]);
  });

  test("switching language keeps the booking and its confirmation number", async ({ page }) => {
    await page.goto("/booking-confirmation?name=Ana&date=2025-10-02&time=09%3A00");
    const id = await detail(page, "Número de confirmación").textContent();
    await page
      .getByRole("navigation", { name: "Idioma" })
      .getByRole("link", { name: "English" })
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(detail(page, "Name")).toHaveText("Ana");
    await expect(detail(page, "Date")).toHaveText("Thursday, October 2, 2025");
    await expect(detail(page, "Confirmation number")).toHaveText(id!);
  });

  test("Add to calendar downloads an .ics file that parses", async ({ page }) => {
    await page.goto(
      "/en/booking-confirmation?name=Ana&date=2025-10-02&time=3%3A30%20PM%20EST&service=Voice%2C%20agents%3B%20demo&id=AV-778899",
    );
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Add to calendar" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("AV-778899.ics");
    const raw = await (await download.createReadStream()).toArray();
    const ics = Buffer.concat(raw).toString("utf8");

    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const lines = ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
    const props = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]),
    );
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(props).toMatchObject({
      VERSION: "2.0",
      UID: expect.stringMatching(/^AV-778899@\S+$/),
      DTSTAMP: expect.stringMatching(/^\d{8}T\d{6}Z$/),
      DTSTART: "20251002T203000Z",
      DTEND: "20251002T213000Z",
      SUMMARY: "Voice\\, agents\\; demo",
    });
    expect(lines.at(-1)).toBe("END:VCALENDAR");
  });
});
