// The legal pages' text as the server sends it, read without a browser (moved from tests/e2e/legal/legal.spec.ts
// in issue 61; the table of contents, the language pair and printing stay in the browser).
import { expect, test, type APIRequestContext } from "@playwright/test";
import { byId, elementsOf, links, textOf } from "../site/html";

async function html(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

test("the privacy policy describes what the site stores", async ({ request }) => {
  const articles = elementsOf(await html(request, "/en/privacy-policy"), "article");
  expect(articles).toHaveLength(1);
  const text = articles[0]!.text;
  for (const fact of [
    "user_",
    "session_",
    "local storage",
    "session storage",
    "PostgreSQL",
    "user agent",
    "HttpOnly",
    "logs",
    "hola@avanza.example",
    // Held submissions store an address, and a signed proposal keeps a defined record after erasure.
    "the IP address it came from",
    "Submissions held for review",
    "only the legal record of the agreement",
  ]) {
    expect(text).toContain(fact);
  }
});

test("the terms link to the privacy policy and state the complaint times", async ({ request }) => {
  const page = await html(request, "/en/terms-and-conditions");
  const main = elementsOf(page, "main")[0]!.inner;
  expect(
    links(main)
      .filter((link) => link.text === "Privacy Policy")
      .map((link) => link.href),
  ).toEqual(["/en/privacy-policy"]);
  const complaints = textOf(byId(page, "complaints") ?? "");
  expect(complaints).toContain("within 24 hours");
  expect(complaints).toContain("7 business days");
  expect(complaints).toContain("14 days");
});
