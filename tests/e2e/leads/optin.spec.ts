import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { answerStep } from "../support/questionnaire";
import { staffApiCookie } from "../support/staff";

async function leadsWithEmail(request: APIRequestContext, email: string): Promise<number> {
  const cookie = await staffApiCookie(request, test.info().project.use.baseURL!);
  const response = await request.get(`/api/crm/leads?q=${encodeURIComponent(email)}`, {
    headers: { cookie },
  });
  return ((await response.json()) as { leads: unknown[] }).leads.length;
}

test.describe("/optin questionnaire", () => {
  test("opens in English, switches to Spanish in place, and passes axe in both", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/optin");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Building what's next, now");
    await expect(
      page.getByText("Figures are industry estimates, shown for context."),
    ).toBeVisible();
    expect(
      (
        await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
          .analyze()
      ).violations,
    ).toEqual([]);
    await page.getByRole("button", { name: "ES" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveURL(/\/optin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Construyendo lo que viene, ahora",
    );
    await page.getByRole("button", { name: "Empezar" }).click();
    // The questionnaire's code loads on demand when the visitor starts.
    await expect(page.getByText("Paso 1 de 18")).toBeVisible({ timeout: 15_000 });
    expect(
      (
        await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
          .analyze()
      ).violations,
    ).toEqual([]);
  });

  test("the whole flow works by keyboard; Back keeps answers; a reload resumes; the lead reaches the CRM once", async ({
    page,
    request,
  }) => {
    // Eighteen questions answered key by key: on a busy two-core machine this alone can pass 90 s.
    test.setTimeout(180_000);
    const email = `optin.${Date.now().toString(36)}@example.com`;
    await page.goto("/optin");
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByLabel("What is your company's website?")).toBeFocused();

    // Next stays disabled until the answer is valid, and the reason is shown beside the field.
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await answerStep(page, 0, email);
    await answerStep(page, 1, email);
    await page.keyboard.type("not-an-email");
    await expect(
      page.getByText("Enter a valid e-mail address, such as jane@company.com."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await page.getByLabel("Your work e-mail").fill("");

    for (let step = 2; step < 9; step++) await answerStep(page, step, email);
    await expect(page.getByText("Step 10 of 18")).toBeVisible();

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByText("Step 9 of 18")).toBeVisible();
    await expect(page.getByRole("radio", { name: "CTO" })).toBeChecked();

    await page.reload();
    await expect(page.getByText("Step 9 of 18")).toBeVisible();
    await expect(page.getByRole("radio", { name: "CTO" })).toBeChecked();
    await page.getByRole("radio", { name: "CTO" }).focus();
    await page.keyboard.press("Enter");

    for (let step = 9; step < 18; step++) await answerStep(page, step, email);
    await expect(page.getByText("Thanks — we'll be in touch shortly.")).toBeVisible();
    await expect(page.getByText("A strategist will reach out within 24 hours.")).toBeVisible();
    // The reading it offers is an article record live in English.
    const reading = page.getByText("Meanwhile, an article picked for your answers:").locator("+ a");
    await expect(reading).toHaveAttribute("href", /^\/en\/blog\/[a-z0-9-]+$/);
    await expect(reading).not.toBeEmpty();
    expect(await leadsWithEmail(request, email)).toBe(1);

    // Progress is cleared after a successful submit: a new visit starts from the hero.
    await page.reload();
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  });

  test("answers sent while offline are kept and delivered exactly once when the connection returns", async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const email = `offline.${Date.now().toString(36)}@example.com`;
    // The questionnaire measures the time taken with the page's clock, which the test runs on.
    await page.clock.install();
    await page.goto("/optin");
    await page.getByRole("button", { name: "Get Started" }).click();
    // Typing key by key is the test above; here the answers go in whole.
    for (let step = 0; step < 17; step++) await answerStep(page, step, email, { keyByKey: false });
    // As long as a person takes over the questionnaire: the server files a faster one as a bot's.
    await page.clock.fastForward(4000);
    await context.setOffline(true);
    await answerStep(page, 17, email, { keyByKey: false });
    await expect(page.getByText("We saved your answers")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("av_lead_outbox"))).toContain(email);

    await context.setOffline(false);
    await expect(page.getByText("Thanks — we'll be in touch shortly.")).toBeVisible({
      timeout: 20_000,
    });
    expect(await page.evaluate(() => localStorage.getItem("av_lead_outbox"))).toBeNull();
    expect(await leadsWithEmail(request, email)).toBe(1);
  });
});

test.describe("home contact form", () => {
  test("sends a message from the home page into the CRM as home_form", async ({
    page,
    request,
  }) => {
    test.slow();
    const email = `home.${Date.now().toString(36)}@example.com`;
    // The form measures the time taken to write with the page's clock, which the test runs on.
    await page.clock.install();
    await page.goto("/en#lead_form");
    const form = page.locator("#lead_form");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Tell us your name.")).toBeVisible();
    await expect(form.getByLabel("Name")).toBeFocused();
    await form.getByLabel("Name").fill("Emily Carter");
    await form.getByLabel("Work e-mail").fill(email);
    await form.getByLabel("Company (optional)").fill("Corner Market Co.");
    await form.getByLabel("How can we help?").fill("Loyalty program across 12 stores.");
    // People take a few seconds to write; the server files instant posts as a bot's (and still answers
    // 201), so the lead count below is what tells them apart.
    await page.clock.fastForward(3100);
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Thanks — we'll be in touch shortly.")).toBeVisible();
    expect(await leadsWithEmail(request, email)).toBe(1);
  });
  test("a message written offline is saved, sent when the connection returns, and announced in a toast", async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const email = `home.offline.${Date.now().toString(36)}@example.com`;
    await page.clock.install();
    await page.goto("/#lead_form");
    const form = page.locator("#lead_form");
    await form.getByLabel("Nombre").fill("Lucía Núñez");
    await form.getByLabel("Correo de trabajo").fill(email);
    await form.getByLabel("¿Cómo podemos ayudarte?").fill("Citas para seis clínicas.");
    // As long as a person takes to write it, on the page's clock (see above).
    await page.clock.fastForward(3100);
    await context.setOffline(true);
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(form.getByText("Hemos guardado tu mensaje")).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Hemos enviado el mensaje" }),
    ).toHaveCount(0);

    await context.setOffline(false);
    const toast = page
      .getByRole("status")
      .filter({ hasText: "Hemos enviado el mensaje que tenías guardado." });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await expect(form.getByText("Gracias: te contactaremos en breve.")).toBeVisible();
    expect(await leadsWithEmail(request, email)).toBe(1);

    // Swiping the toast sideways past 50 px dismisses it.
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });
});
