// Facts of a public page's HTML as the server sends it (no browser): its language, head tags, headings,
// links and structured data. React's server output is regular enough to read with a few patterns; each
// reader fails loudly (an empty result) rather than guessing when the markup changes.

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Text with HTML entities decoded. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X"))
      return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/** The visible text of an HTML fragment: tags and React's comment markers dropped, entities decoded, spaces collapsed. */
export function textOf(fragment: string): string {
  return decodeEntities(
    fragment
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The attributes of one start tag (`<a href="…" …>`), values decoded. */
export function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const inside = tag.replace(/^<[\w-]+/, "").replace(/\/?>$/, "");
  for (const match of inside.matchAll(/([^\s=/>]+)(?:\s*=\s*"([^"]*)")?/g))
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? "");
  return attributes;
}

/** Every start tag of this element name, with its attributes. */
export function tagsOf(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}(?=[\\s/>])[^>]*>`, "gi"))].map((match) =>
    attributesOf(match[0]),
  );
}

/** Every element of this name whose start tag matches `where`, with its attributes and inner HTML (no nesting of the same name). */
export function elementsOf(
  html: string,
  name: string,
  where: (attributes: Record<string, string>) => boolean = () => true,
): { attributes: Record<string, string>; inner: string; text: string }[] {
  return [...html.matchAll(new RegExp(`(<${name}(?=[\\s>])[^>]*>)([\\s\\S]*?)</${name}>`, "gi"))]
    .map((match) => ({
      attributes: attributesOf(match[1]!),
      inner: match[2]!,
      text: textOf(match[2]!),
    }))
    .filter((element) => where(element.attributes));
}

/** `<html lang>`. */
export function htmlLang(html: string): string | undefined {
  return tagsOf(html, "html")[0]?.lang;
}

/** The texts of the page's headings of a level. */
export function headings(html: string, level: number): string[] {
  return elementsOf(html, `h${level}`).map((heading) => heading.text);
}

/** The content of `<meta name=…>` or `<meta property=…>`, undefined when absent. */
export function metaContent(html: string, key: string): string | undefined {
  return tagsOf(html, "meta").find((meta) => meta.name === key || meta.property === key)?.content;
}

/** How many `<meta>` tags carry this name or property. */
export function metaCount(html: string, key: string): number {
  return tagsOf(html, "meta").filter((meta) => meta.name === key || meta.property === key).length;
}

/** `<link>` tags whose rel (and hreflang, when given) match. */
export function linkTags(html: string, rel: string, hreflang?: string): Record<string, string>[] {
  return tagsOf(html, "link").filter(
    (link) => link.rel === rel && (hreflang === undefined || link.hreflang === hreflang),
  );
}

/** Every JSON-LD block of a page, parsed. */
export function jsonLd(html: string): Record<string, unknown>[] {
  return elementsOf(html, "script", (script) => script.type === "application/ld+json").map(
    (script) => JSON.parse(script.inner) as Record<string, unknown>,
  );
}

/** The anchors of the page (or fragment): href, the other attributes and their text. */
export function links(
  html: string,
): { href: string | undefined; text: string; attributes: Record<string, string> }[] {
  return elementsOf(html, "a").map((a) => ({
    href: a.attributes.href,
    text: a.text,
    attributes: a.attributes,
  }));
}

/** The inner HTML of the element carrying this id, up to its closing tag (no nesting of the same name). */
export function byId(html: string, id: string): string | undefined {
  const start = new RegExp(`<([\\w-]+)(?=[\\s])[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!start) return undefined;
  const name = start[1]!;
  const from = start.index + start[0].length;
  // Count nested elements of the same name to find the matching close.
  const pattern = new RegExp(`<${name}(?=[\\s>])[^>]*>|</${name}>`, "g");
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[0].startsWith("</") ? -1 : 1;
    if (depth === 0) return html.slice(from, match.index);
  }
  return undefined;
}

/** The `<ul>` right after the element with this id (`#id + ul`), inner HTML. */
export function listAfter(html: string, id: string): string | undefined {
  const start = new RegExp(`<([\\w-]+)(?=[\\s])[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!start) return undefined;
  const closing = `</${start[1]}>`;
  const afterHeading = html.indexOf(closing, start.index) + closing.length;
  const rest = html.slice(afterHeading);
  if (!/^\s*<ul[\s>]/.test(rest)) return undefined;
  return byIdLikeList(rest);
}

function byIdLikeList(html: string): string | undefined {
  const pattern = /<ul(?=[\s>])[^>]*>|<\/ul>/g;
  let depth = 0;
  let from = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match[0].startsWith("</")) {
      depth -= 1;
      if (depth === 0) return html.slice(from, match.index);
    } else {
      if (depth === 0) from = match.index + match[0].length;
      depth += 1;
    }
  }
  return undefined;
}
