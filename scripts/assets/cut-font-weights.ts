// Cuts the site's two typefaces down to the weights the pages use, into assets/fonts/ (committed;
// lib/fonts.ts serves them). Needs Debian's fonttools (`apt-get install fonttools python3-brotli`), so
// it is run by hand when a font or the weights change, never at install:
//   npx tsx scripts/assets/cut-font-weights.ts
// The sources are the Latin files of the @fontsource-variable packages (SIL Open Font License 1.1, no
// reserved font names, so a cut may keep the name; the licence travels with each file). Every
// character and OpenType feature of those files stays; only weights no page draws go
// (docs/performance.md, "Fonts"):
//   - Inter keeps its weight axis from 400 to 700: the pages ask for 400, 500 and 600, and 700 for
//     <strong>; the rest of the 100–900 axis was bytes no page used.
//   - Space Grotesk becomes one static weight, 600: every heading set in it is semibold.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "../..");
const OUT = path.join(ROOT, "assets/fonts");
const PACKAGES = path.join(ROOT, "node_modules/@fontsource-variable");

interface FontJob {
  source: string;
  license: string;
  output: string;
  /** `fonttools varLib.instancer` axis limits: a range keeps the axis, a single value pins it. */
  weight: string;
}

const FONTS: FontJob[] = [
  {
    source: path.join(PACKAGES, "inter/files/inter-latin-wght-normal.woff2"),
    license: path.join(PACKAGES, "inter/LICENSE"),
    output: "inter-latin-400-700.woff2",
    weight: "wght=400:700",
  },
  {
    source: path.join(PACKAGES, "space-grotesk/files/space-grotesk-latin-wght-normal.woff2"),
    license: path.join(PACKAGES, "space-grotesk/LICENSE"),
    output: "space-grotesk-latin-600.woff2",
    weight: "wght=600",
  },
];

function main() {
  mkdirSync(OUT, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), "avanza-fonts-"));
  try {
    for (const font of FONTS) {
      const instanced = path.join(work, `${font.output}.ttf`);
      execFileSync("fonttools", [
        "varLib.instancer",
        font.source,
        font.weight,
        "-q",
        "-o",
        instanced,
      ]);
      const output = path.join(OUT, font.output);
      // Back to WOFF2 with everything kept: the cut above is the only change.
      execFileSync("pyftsubset", [
        instanced,
        "--unicodes=*",
        "--glyphs=*",
        "--layout-features=*",
        "--notdef-outline",
        "--name-IDs=*",
        "--flavor=woff2",
        `--output-file=${output}`,
      ]);
      copyFileSync(font.license, path.join(OUT, font.output.replace(/\.woff2$/, ".LICENSE.txt")));
      const before = statSync(font.source).size;
      const after = statSync(output).size;
      console.log(
        `${font.output}: ${after.toLocaleString("en")} B (was ${before.toLocaleString("en")} B)`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
