// End-to-end tests drive Debian's Chromium: Playwright's own browser download cannot work offline.
// Finds it (CHROMIUM_PATH, else /usr/bin/chromium); installs it with apt-get when running as root.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (existsSync(candidate)) process.exit(0);

const hasAptGet = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

if (!process.env.CHROMIUM_PATH && hasAptGet && isRoot) {
  console.log("[e2e] Chromium not found: installing Debian's chromium package (one time)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  if (existsSync(candidate)) process.exit(0);
}

console.error(
  [
    `[e2e] No Chromium at ${candidate}.`,
    "End-to-end tests need a Chromium binary. Either:",
    "  - install Debian's package as root: apt-get update && apt-get install -y chromium",
    "  - or point CHROMIUM_PATH at an existing Chromium or Chrome binary.",
  ].join("\n"),
);
process.exit(1);
