// The programs the tests drive besides Node: Debian's Chromium (Playwright's own browser download cannot
// work offline), poppler's pdftotext/pdfinfo (the signed PDF and the printed dashboard are read back as
// text) and libxml2's xmllint (the sitemap is checked against the sitemaps.org schema). Each is looked for first; what is missing is installed with apt-get when running as root,
// otherwise the message says how. The cluster test installs HAProxy itself (scripts/cluster.ts).
//   node scripts/ensure-test-tools.mjs [chromium] [poppler] [xmllint]   (no argument: all)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const onPath = (program) =>
  spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;

const TOOLS = {
  chromium: {
    found: () => existsSync(chromiumPath),
    // A CHROMIUM_PATH that does not exist is a mistake to report, not a reason to install another browser.
    installable: () => !process.env.CHROMIUM_PATH,
    debianPackage: "chromium",
    missing: [
      `No Chromium at ${chromiumPath}. End-to-end tests need a Chromium binary. Either:`,
      "  - install Debian's package as root: apt-get update && apt-get install -y chromium",
      "  - or point CHROMIUM_PATH at an existing Chromium or Chrome binary.",
    ],
  },
  poppler: {
    found: () => onPath("pdftotext") && onPath("pdfinfo"),
    installable: () => true,
    debianPackage: "poppler-utils",
    missing: [
      "No pdftotext/pdfinfo on PATH. The PDF tests read documents back with poppler:",
      "  - install Debian's package as root: apt-get update && apt-get install -y poppler-utils",
    ],
  },
  xmllint: {
    found: () => onPath("xmllint"),
    installable: () => true,
    debianPackage: "libxml2-utils",
    missing: [
      "No xmllint on PATH. The sitemap test validates /sitemap.xml against the sitemaps.org schema:",
      "  - install Debian's package as root: apt-get update && apt-get install -y libxml2-utils",
    ],
  },
};

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(TOOLS);
const unknown = wanted.filter((name) => !(name in TOOLS));
if (unknown.length) {
  console.error(
    `[tests] unknown tool(s): ${unknown.join(", ")}; known: ${Object.keys(TOOLS).join(", ")}`,
  );
  process.exit(2);
}

const absent = wanted.filter((name) => !TOOLS[name].found());
if (absent.length === 0) process.exit(0);

const hasAptGet = onPath("apt-get");
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const toInstall = absent.filter((name) => TOOLS[name].installable());
if (hasAptGet && isRoot && toInstall.length) {
  const packages = toInstall.map((name) => TOOLS[name].debianPackage);
  console.log(
    `[tests] installing Debian packages for the tests (one time): ${packages.join(", ")}…`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
}

const stillAbsent = absent.filter((name) => !TOOLS[name].found());
for (const name of stillAbsent) console.error(`[tests] ${TOOLS[name].missing.join("\n")}`);
process.exit(stillAbsent.length ? 1 : 0);
