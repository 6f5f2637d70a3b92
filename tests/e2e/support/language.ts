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

const VOID_ELEMENTS = new Set(
  "area base br col embed hr img input link meta param source track wbr".split(" "),
);
/** Elements whose content is not the page's text (the browser check skips the same). */
const SKIPPED_ELEMENTS = new Set(["script", "style", "template", "noscript", "textarea"]);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }[lower]!;
  });
}

/**
 * `foreignLanguageTexts` on the HTML the server sends, without a browser: the body's text nodes and
 * aria-label, placeholder, title and alt that are the other language's catalogue strings, outside parts that
 * declare their own language. Unlike the browser's check it cannot tell what CSS hides, so it also reads
 * what a phone's closed menu holds (the same words, in the same language).
 */
export function foreignLanguageTextsInHtml(html: string, lang: Lang): string[] {
  const wanted = new Set(foreignTexts(lang));
  const found = new Set<string>();
  const body = html.indexOf("<body");
  const source = body === -1 ? html : html.slice(body);
  // Open elements and the language each declares or inherits.
  const open: { name: string; lang: string }[] = [];
  const current = () => open.at(-1)?.lang ?? lang;
  const check = (text: string, inLang: string) => {
    const clean = decodeEntities(text).replace(/\s+/g, " ").trim();
    if (clean && wanted.has(clean) && inLang.slice(0, 2) === lang) found.add(clean);
  };
  const token =
    /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    const [, closing, tag, attributes, text] = match;
    if (text !== undefined) {
      check(text, current());
      continue;
    }
    if (!tag) continue;
    const name = tag.toLowerCase();
    if (closing) {
      const at = open.map((element) => element.name).lastIndexOf(name);
      if (at !== -1) open.length = at;
      continue;
    }
    const attribute: Record<string, string> = {};
    for (const [, key, double, single, bare] of (attributes ?? "").matchAll(
      /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    ))
      attribute[key!.toLowerCase()] = double ?? single ?? bare ?? "";
    const inLang = attribute.lang ?? current();
    for (const key of ["aria-label", "placeholder", "title", "alt"])
      if (attribute[key] !== undefined) check(attribute[key], inLang);
    if (SKIPPED_ELEMENTS.has(name)) {
      const end = source.indexOf(`</${name}`, token.lastIndex);
      token.lastIndex = end === -1 ? source.length : end;
      continue;
    }
    if (!VOID_ELEMENTS.has(name) && !/\/\s*$/.test(attributes ?? ""))
      open.push({ name, lang: inLang });
  }
  return [...found];
}
