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
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
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
  /**
   * For a weight pinned to one value: the names the static file goes by. The instancer keeps the
   * variable font's names, which describe its default instance (Space Grotesk's is "Light"), and cannot
   * rename from the source's STAT table, which lists no 600.
   */
  staticNames?: { family: string; style: string };
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
    staticNames: { family: "Space Grotesk", style: "SemiBold" },
  },
];

/**
 * Names a static cut by its weight: typographic family and style (IDs 16, 17), the family and style
 * older systems group by (1, 2: a semibold is a family of its own there, "Regular" within it), and the
 * full, unique and PostScript names (4, 3, 6). Windows records only, as in the source files. Run with
 * the Python that runs `fonttools`, the one that has the fontTools library.
 */
function renameStaticInstance(file: string, { family, style }: { family: string; style: string }) {
  const program = `
import sys
from fontTools.ttLib import TTFont
path, family, style = sys.argv[1:4]
font = TTFont(path)
names = font["name"]
postscript = family.replace(" ", "") + "-" + style.replace(" ", "")
version = (names.getDebugName(5) or "").removeprefix("Version ")
for name_id in (1, 2, 3, 4, 6, 16, 17):
    names.removeNames(nameID=name_id)
for name_id, value in (
    (1, family + " " + style),
    (2, "Regular"),
    (3, version + ";" + postscript),
    (4, family + " " + style),
    (6, postscript),
    (16, family),
    (17, style),
):
    names.addMultilingualName({"en": value}, font, nameID=name_id, mac=False)
font.save(path)
`;
  execFileSync(fontToolsPython(), ["-c", program, file, family, style]);
}

/** The interpreter named on the `fonttools` launcher's first line (Debian's: /usr/bin/python3). */
function fontToolsPython(): string {
  const launcher = execFileSync("sh", ["-c", "command -v fonttools"], { encoding: "utf8" }).trim();
  const shebang = readFileSync(launcher, "utf8").split("\n", 1)[0] ?? "";
  const interpreter = /^#!\s*(\S+)/.exec(shebang)?.[1];
  if (!interpreter) throw new Error(`cannot tell which Python runs ${launcher}`);
  return interpreter;
}

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
      if (font.staticNames) renameStaticInstance(instanced, font.staticNames);
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
