// The booking confirmation as the server renders it from its address, and the calendar endpoint's answers to bad
// input, without a browser (moved from tests/e2e/booking/booking.spec.ts in issue 61; markup running, the
// language switch and the download stay in the browser).
import { expect, test, type APIRequestContext } from "@playwright/test";
import { elementsOf, headings, htmlLang, links, metaContent, textOf } from "../site/html";

async function html(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The text of the <dd> after the <dt> whose text contains `term` (as the browser spec reads it). */
function detail(page: string, term: string): string | undefined {
  const pairs = [
    ...page.matchAll(/<dt(?=[\s>])[^>]*>([\s\S]*?)<\/dt>\s*<dd(?=[\s>])[^>]*>([\s\S]*?)<\/dd>/g),
  ];
  const pair = pairs.find((match) => textOf(match[1]!).includes(term));
  return pair ? textOf(pair[2]!) : undefined;
}

test.describe("booking confirmation", () => {
  test("is kept out of search engines", async ({ request }) => {
    expect(metaContent(await html(request, "/booking-confirmation"), "robots")).toMatch(
      /noindex, nofollow/,
    );
  });

  test("starts in Spanish and echoes the booking's parameters", async ({ request }) => {
    const page = await html(
      request,
      "/booking-confirmation?name=Ana%20L%C3%B3pez&email=ana%40example.com&date=2025-10-02&time=3%3A30%20PM%20(EST)&service=Demo%20de%20agente%20de%20voz&id=AV-778899",
    );
    expect(htmlLang(page)).toBe("es");
    expect(detail(page, "Nombre")).toBe("Ana López");
    expect(detail(page, "Correo electrónico")).toBe("ana@example.com");
    expect(detail(page, "Fecha")).toBe("jueves, 2 de octubre de 2025");
    expect(detail(page, "Hora")).toBe("15:30 (EST)");
    expect(detail(page, "Servicio")).toBe("Demo de agente de voz");
    expect(detail(page, "Número de confirmación")).toBe("AV-778899");
    expect(headings(page, 2)).toContain("Próximos pasos");
    // The list that follows the "next steps" heading.
    const nextSteps =
      /<h2(?=[\s>])[^>]*>[^<]*Próximos pasos[^<]*<\/h2>\s*<ol(?=[\s>])[^>]*>([\s\S]*?)<\/ol>/.exec(
        page,
      );
    expect(nextSteps, "the next steps' list").not.toBeNull();
    expect(elementsOf(nextSteps![1]!, "li")).toHaveLength(3);
  });

  test("shows the spec's defaults when the address has no parameters", async ({ request }) => {
    const page = await html(request, "/en/booking-confirmation");
    expect(detail(page, "Name")).toBe("Demo Client");
    expect(detail(page, "E-mail")).toBe("demo@example.com");
    expect(detail(page, "Date")).toBe("Monday, September 15, 2025");
    expect(detail(page, "Time")).toBe("10:00 AM (EST)");
    expect(detail(page, "Service")).toBe("AI Strategy Consultation");
    expect(detail(page, "Confirmation number")).toMatch(/^AV-\d{6}$/);
    // A demo booking is not a real appointment: no calendar file for it.
    expect(links(page).filter((link) => link.text === "Add to calendar")).toHaveLength(0);
  });

  test("falls back on each value that does not parse, keeping the page whole", async ({
    request,
  }) => {
    const page = await html(
      request,
      `/en/booking-confirmation?name=Luis&email=not-an-email&date=2025-02-30&time=99%3A99&id=${encodeURIComponent("<x>")}&service=${"s".repeat(400)}`,
    );
    expect(detail(page, "Name")).toBe("Luis");
    expect(detail(page, "E-mail")).toBe("demo@example.com");
    expect(detail(page, "Date")).toBe("Monday, September 15, 2025");
    expect(detail(page, "Time")).toBe("10:00 AM (EST)");
    expect(detail(page, "Confirmation number")).toMatch(/^AV-\d{6}$/);
    expect(detail(page, "Service")).toBe("s".repeat(120));
  });

  test("Contact Us drafts an e-mail about this confirmation; the other buttons lead home", async ({
    request,
  }) => {
    const pageLinks = links(await html(request, "/en/booking-confirmation?id=AV-424242"));
    const hrefOf = (text: string) =>
      pageLinks.filter((link) => link.text === text).map((link) => link.href);
    expect(hrefOf("Contact Us")).toEqual([
      "mailto:hola@avanza.example?subject=Booking%20AV-424242",
    ]);
    expect(hrefOf("Back to Home")).toEqual(["/en"]);
    expect(hrefOf("Learn About Our Solutions")).toEqual(["/en#solutions"]);
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
