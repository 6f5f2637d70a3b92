// The programs the tests drive besides Node, all from Debian's packages: Chromium (Playwright's own
// browser download cannot work offline), poppler's pdftotext/pdfinfo/pdfsig (signed PDFs and the
// printed dashboard are read back, the seal checked), qpdf (a PDF's soundness), libxml2's xmllint (the
// sitemap against the sitemaps.org schema), Radicale (the CalDAV server of the calendar tests),
// python3-icalendar (another implementation reads our invitations back) and HAProxy (the balancer in
// front of two app instances). Each is looked for first; what is missing is installed with apt-get
// when running as root, otherwise the message names the package to install.
//   node scripts/ensure-test-tools.mjs [tool...]          (no tool: all of them)
//   node scripts/ensure-test-tools.mjs --report [tool...]  (also prints each tool's version: .ci/run)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const onPath = (program) =>
  spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
const icalendarPython = process.env.ICALENDAR_PYTHON ?? "/usr/bin/python3";
const HAPROXY_PATHS = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"];

/** The first line a program prints for its version (some print it on stderr). */
function versionLine(program, args) {
  const run = spawnSync(program, args, { encoding: "utf8" });
  const lines = `${run.stdout ?? ""}\n${run.stderr ?? ""}`.split("\n");
  // Most print "1.2.3"; xmllint prints "libxml version 20914".
  const line = lines.find((text) => /\d+\.\d+/.test(text)) ?? lines.find((text) => /\d/.test(text));
  return line?.trim() ?? "version unknown";
}

const TOOLS = {
  chromium: {
    found: () => existsSync(chromiumPath),
    // A CHROMIUM_PATH that does not exist is a mistake to report, not a reason to install another browser.
    installable: () => !process.env.CHROMIUM_PATH,
    debianPackage: "chromium",
    version: () => versionLine(chromiumPath, ["--version"]),
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
    version: () => versionLine("pdftotext", ["-v"]),
    missing: [
      "No pdftotext/pdfinfo on PATH. The PDF tests read documents back with poppler:",
      "  - install Debian's package as root: apt-get update && apt-get install -y poppler-utils",
    ],
  },
  qpdf: {
    found: () => onPath("qpdf"),
    installable: () => true,
    debianPackage: "qpdf",
    version: () => versionLine("qpdf", ["--version"]),
    missing: [
      "No qpdf on PATH. The PDF tests have every proposal PDF checked for soundness by qpdf:",
      "  - install Debian's package as root: apt-get update && apt-get install -y qpdf",
    ],
  },
  xmllint: {
    found: () => onPath("xmllint"),
    installable: () => true,
    debianPackage: "libxml2-utils",
    version: () => versionLine("xmllint", ["--version"]),
    missing: [
      "No xmllint on PATH. The sitemap test validates /sitemap.xml against the sitemaps.org schema:",
      "  - install Debian's package as root: apt-get update && apt-get install -y libxml2-utils",
    ],
  },
  radicale: {
    found: () => onPath("radicale"),
    installable: () => true,
    debianPackage: "radicale",
    version: () => `Radicale ${versionLine("radicale", ["--version"])}`,
    missing: [
      "No radicale on PATH. The calendar tests publish meetings to a real CalDAV server:",
      "  - install Debian's package as root: apt-get update && apt-get install -y radicale",
    ],
  },
  icalendar: {
    found: () =>
      spawnSync(icalendarPython, ["-c", "import icalendar"], { stdio: "ignore" }).status === 0,
    // Another interpreter named by ICALENDAR_PYTHON is the reader's own choice, like CHROMIUM_PATH.
    installable: () => !process.env.ICALENDAR_PYTHON,
    debianPackage: "python3-icalendar",
    version: () =>
      `python3-icalendar ${versionLine(icalendarPython, ["-c", "import icalendar; print(icalendar.__version__)"])}`,
    missing: [
      `No icalendar module for ${icalendarPython}. Our invitations are read back by another calendar implementation:`,
      "  - install Debian's package as root: apt-get update && apt-get install -y python3-icalendar",
      "  - or point ICALENDAR_PYTHON at a python3 that has the icalendar module.",
    ],
  },
  haproxy: {
    found: () => HAPROXY_PATHS.some((candidate) => existsSync(candidate)),
    installable: () => true,
    debianPackage: "haproxy",
    version: () =>
      versionLine(HAPROXY_PATHS.find((candidate) => existsSync(candidate)) ?? "haproxy", ["-v"]),
    missing: [
      "No HAProxy. The cluster tests put two app instances behind a real balancer:",
      "  - install Debian's package as root: apt-get update && apt-get install -y haproxy",
    ],
  },
};

const args = process.argv.slice(2);
const report = args.includes("--report");
const named = args.filter((arg) => arg !== "--report");
const wanted = named.length ? named : Object.keys(TOOLS);
const unknown = wanted.filter((name) => !(name in TOOLS));
if (unknown.length) {
  console.error(
    `[tests] unknown tool(s): ${unknown.join(", ")}; known: ${Object.keys(TOOLS).join(", ")}`,
  );
  process.exit(2);
}

const absent = wanted.filter((name) => !TOOLS[name].found());
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
} else if (toInstall.length) {
  console.error(
    `[tests] cannot install ${toInstall.map((name) => TOOLS[name].debianPackage).join(", ")} here: ${
      isRoot ? "no apt-get on this machine" : "not running as root"
    }.`,
  );
}

const stillAbsent = wanted.filter((name) => !TOOLS[name].found());
for (const name of stillAbsent) console.error(`[tests] ${TOOLS[name].missing.join("\n")}`);
if (report)
  for (const name of wanted.filter((tool) => TOOLS[tool].found()))
    console.log(
      `[tests] ${name.padEnd(9)} ${TOOLS[name].version()} (Debian: ${TOOLS[name].debianPackage})`,
    );
process.exit(stillAbsent.length ? 1 : 0);
