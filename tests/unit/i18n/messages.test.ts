import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

/** ICU arguments ({brand}, {count, plural, …}) and rich-text tags (<year></year>) a message expects. */
function placeholdersOf(message: string): string[] {
  const args = [...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<([A-Za-z_][\w]*)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...args, ...tags])].sort();
}

// Lists (bullets, article sections) are walked like objects: their items are compared index by index.
const spanish = flatten(es as unknown as Tree);
const english = flatten(en as unknown as Tree);

describe("message catalogues", () => {
  it("have exactly the same keys in Spanish and English", () => {
    const onlySpanish = [...spanish.keys()].filter((k) => !english.has(k));
    const onlyEnglish = [...english.keys()].filter((k) => !spanish.has(k));
    expect({ onlySpanish, onlyEnglish }).toEqual({ onlySpanish: [], onlyEnglish: [] });
  });

  it("use the same placeholders in both languages, so no value goes missing in translation", () => {
    const mismatched = [...spanish]
      .filter(([key]) => english.has(key))
      .filter(
        ([key, value]) => placeholdersOf(value).join() !== placeholdersOf(english.get(key)!).join(),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it("have no empty texts", () => {
    const empty = [...spanish, ...english]
      .filter(([, value]) => value.trim() === "")
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
