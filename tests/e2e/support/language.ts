// One language per screen: finds on a staff page the words of the other language's catalogue (a button,
// a heading, a label, an aria-label left untranslated), so a walk through the pages fails on a mixed one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** A message catalogue as the app ships it (read from disk: Node's ESM loader wants JSON imports attributed). */
export const catalogue = (lang: Lang): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${lang}.json`), "utf8")) as Record<
    string,
    unknown
  >;

type Lang = "en" | "es";

function leaves(node: unknown, into: Set<string>): Set<string> {
  if (typeof node === "string") into.add(node.trim());
  else if (node && typeof node === "object")
    for (const value of Object.values(node)) leaves(value, into);
  return into;
}

const CATALOGUE = {
  en: leaves(catalogue("en"), new Set()),
  es: leaves(catalogue("es"), new Set()),
};

/**
 * Example names in form placeholders ("Lucía Fernández", "Jane Smith"): a person's name belongs to no
 * language, and a lead of that name on a staff page is data, not an untranslated label.
 */
function exampleNames(node: unknown, key = "", into = new Set<string>()): Set<string> {
  if (typeof node === "string") {
    if (/placeholder/i.test(key) && /^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)+$/u.test(node.trim()))
      into.add(node.trim());
  } else if (node && typeof node === "object")
    for (const [name, value] of Object.entries(node)) exampleNames(value, name, into);
  return into;
}

const EXAMPLE_NAMES = new Set([...exampleNames(catalogue("en")), ...exampleNames(catalogue("es"))]);

/**
 * The other language's own texts: whole catalogue strings with letters and no placeholders that the page's
 * language does not also use ("Save", "Guardar"; not "PDF" or "Leads", written the same in both), and that
 * are not an example name.
 */
function foreignTexts(lang: Lang): string[] {
  const other = CATALOGUE[lang === "es" ? "en" : "es"];
  const own = CATALOGUE[lang];
  return [...other].filter(
    (text) =>
      text.length >= 3 &&
      /\p{L}{2}/u.test(text) &&
      !/[{}<]/.test(text) &&
      !own.has(text) &&
      !EXAMPLE_NAMES.has(text),
  );
}

/**
 * The texts on the page (text nodes, aria-label, placeholder, title, alt) that are the other language's
 * catalogue strings, outside parts that declare their own language (a proposal document in another one).
 */
export async function foreignLanguageTexts(page: Page, lang: Lang): Promise<string[]> {
  return page.evaluate(
    ({ lang, foreign }) => {
      const wanted = new Set(foreign);
      const found = new Set<string>();
      const ownLanguage = (element: Element | null) =>
        (element?.closest("[lang]")?.getAttribute("lang") ?? lang).slice(0, 2) === lang;
      const check = (text: string | null | undefined, element: Element) => {
        const clean = (text ?? "").replace(/\s+/g, " ").trim();
        if (clean && wanted.has(clean) && ownLanguage(element)) found.add(clean);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        // A form field's text is what was typed (a proposal being written in its own language), not the page's.
        if (!parent || parent.closest("script, style, template, noscript, textarea")) continue;
        if (!parent.checkVisibility({ visibilityProperty: true })) continue;
        check(node.textContent, parent);
      }
      for (const element of document.body.querySelectorAll(
        "[aria-label], [placeholder], [title], img[alt]",
      )) {
        for (const name of ["aria-label", "placeholder", "title", "alt"])
          check(element.getAttribute(name), element);
      }
      return [...found];
    },
    { lang, foreign: foreignTexts(lang) },
  );
}

/** Fails when the page shows any of the other language's catalogue strings; `where` names the page. */
export async function expectOneLanguage(page: Page, lang: Lang, where: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  expect(await foreignLanguageTexts(page, lang), `${where}: texts in the other language`).toEqual(
    [],
  );
}
