import { expect, test, type Page } from "@playwright/test";

const detail = (page: Page, term: string) =>
  page.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

test.describe("booking confirmation", () => {
  test("is kept out of search engines", async ({ page }) => {
    await page.goto("/booking-confirmation");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      /noindex, nofollow/,
    );
  });

  test("starts in Spanish and echoes the booking's parameters", async ({ page }) => {
    await page.goto(
      "/booking-confirmation?name=Ana%20L%C3%B3pez&email=ana%40example.com&date=2025-10-02&time=3%3A30%20PM%20(EST)&service=Demo%20de%20agente%20de%20voz&id=AV-778899",
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(detail(page, "Nombre")).toHaveText("Ana López");
    await expect(detail(page, "Correo electrónico")).toHaveText("ana@example.com");
    await expect(detail(page, "Fecha")).toHaveText("jueves, 2 de octubre de 2025");
    await expect(detail(page, "Hora")).toHaveText("15:30 (EST)");
    await expect(detail(page, "Servicio")).toHaveText("Demo de agente de voz");
    await expect(detail(page, "Número de confirmación")).toHaveText("AV-778899");
    await expect(
      page
        .getByRole("heading", { name: "Próximos pasos" })
        .locator("xpath=..")
        .getByRole("listitem"),
    ).toHaveCount(3);
  });

  test("shows the spec's defaults when the address has no parameters", async ({ page }) => {
    await page.goto("/en/booking-confirmation");
    await expect(detail(page, "Name")).toHaveText("Demo Client");
    await expect(detail(page, "E-mail")).toHaveText("demo@example.com");
    await expect(detail(page, "Date")).toHaveText("Monday, September 15, 2025");
    await expect(detail(page, "Time")).toHaveText("10:00 AM (EST)");
    await expect(detail(page, "Service")).toHaveText("AI Strategy Consultation");
    await expect(detail(page, "Confirmation number")).toHaveText(/^AV-\d{6}$/);
    // A demo booking is not a real appointment: no calendar file for it.
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  });

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

  test("falls back on each value that does not parse, keeping the page whole", async ({ page }) => {
    await page.goto(
      `/en/booking-confirmation?name=Luis&email=not-an-email&date=2025-02-30&time=99%3A99&id=${encodeURIComponent("<x>")}&service=${"s".repeat(400)}`,
    );
    await expect(detail(page, "Name")).toHaveText("Luis");
    await expect(detail(page, "E-mail")).toHaveText("demo@example.com");
    await expect(detail(page, "Date")).toHaveText("Monday, September 15, 2025");
    await expect(detail(page, "Time")).toHaveText("10:00 AM (EST)");
    await expect(detail(page, "Confirmation number")).toHaveText(/^AV-\d{6}$/);
    await expect(detail(page, "Service")).toHaveText("s".repeat(120));
  });

  test("Contact Us drafts an e-mail about this confirmation; the other buttons lead home", async ({
    page,
  }) => {
    await page.goto("/en/booking-confirmation?id=AV-424242");
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "mailto:hola@avanza.example?subject=Booking%20AV-424242",
    );
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/en");
    await expect(page.getByRole("link", { name: "Learn About Our Solutions" })).toHaveAttribute(
      "href",
      "/en#solutions",
    );
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

  test("the calendar endpoint answers bad input with a 400, never a 500", async ({ request }) => {
    for (const query of [
      "",
      "date=2025-02-30&time=10:00&service=X&id=AV-1",
      "date=2025-09-15&time=10:00&service=X&id=%3Cscript%3E",
      "date[]=x",
    ]) {
      const response = await request.get(`/api/booking/ics?${query}`);
      expect(response.status()).toBe(400);
      expect((await response.json()).error.code).toBe("validation");
    }
  });
});
