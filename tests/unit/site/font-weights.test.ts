import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT, sourceFiles } from "@/tests/support/source-files";

// lib/fonts.ts serves Inter with its weight axis cut to 400–700 and Space Grotesk as one static 600
// (scripts/assets/cut-font-weights.ts). A class asking for another weight would not fail: the browser
// would clamp it or draw a faked bold. These checks make such a class fail here instead.

const WEIGHTS = "thin|extralight|light|normal|medium|semibold|bold|extrabold|black";
const WEIGHT_CLASS = new RegExp(`\\bfont-(${WEIGHTS})\\b`);
const EVERY_WEIGHT_CLASS = new RegExp(WEIGHT_CLASS.source, "g");
const STRING_LITERAL = /"[^"\n]*"|`[^`]*`|'[^'\n]*'/g;

/** Every string literal of the app's components that holds a font-weight class, with its file. */
function weightedClassStrings() {
  return ["app", "components"]
    .flatMap((directory) => sourceFiles(path.join(ROOT, directory)))
    .flatMap((file) =>
      (readFileSync(file, "utf8").match(STRING_LITERAL) ?? [])
        .filter((literal) => WEIGHT_CLASS.test(literal))
        .map((literal) => ({ file: path.relative(ROOT, file), literal })),
    );
}

describe("font weights the pages ask for", () => {
  it("stay within the weights Inter is served with (400 to 700)", () => {
    const outside = weightedClassStrings().filter(({ literal }) =>
      /\bfont-(thin|extralight|light|extrabold|black)\b/.test(literal),
    );
    expect(outside).toEqual([]);
  });

  it("are semibold wherever the display face (Space Grotesk, served at 600 only) is used", () => {
    const displayWithOtherWeight = weightedClassStrings().filter(
      ({ literal }) =>
        /\bfont-display\b/.test(literal) &&
        [...literal.matchAll(EVERY_WEIGHT_CLASS)].some(([, weight]) => weight !== "semibold"),
    );
    expect(displayWithOtherWeight).toEqual([]);
  });

  it("finds the class strings it checks", () => {
    const displayStrings = weightedClassStrings().filter(({ literal }) =>
      /\bfont-display\b/.test(literal),
    );
    expect(displayStrings.length).toBeGreaterThan(20);
  });
});
