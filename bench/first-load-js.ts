// First-load JavaScript of the home page against an empty page built with the same Next.js, in one run.
// Quality bar (issue 17, tightened from 1.3× in issue 3): the home page ships no more than 1.15× the empty page's first-load JS.
//   npm run build && npx tsx bench/first-load-js.ts
// Counts every <script src> in the prerendered HTML, gzipped like a server would send it. Chunks that
// load later (carousel, video player, chat widget) are not in the HTML, so they do not count.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildEmptyApp, removeEmptyApp } from "./lib/empty-app";
import { runRecorded } from "./lib/run-output";

const LIMIT = 1.15;
const root = path.resolve(import.meta.dirname, "..");

function firstLoadJs(appDir: string, htmlFile: string): { files: number; bytes: number } {
  const html = readFileSync(path.join(appDir, ".next/server/app", htmlFile), "utf8");
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!))];
  const bytes = sources.reduce((sum, src) => {
    const file = path.join(
      appDir,
      ".next",
      decodeURIComponent(src.replace(/^\/_next\//, "").split("?")[0]!),
    );
    return sum + gzipSync(readFileSync(file), { level: 9 }).length;
  }, 0);
  return { files: sources.length, bytes };
}

function main(): string {
  const ratios: string[] = [];
  if (!existsSync(path.join(root, ".next/BUILD_ID")))
    throw new Error("no production build: run `npm run build` first");
  const emptyDir = buildEmptyApp();
  try {
    const empty = firstLoadJs(emptyDir, "index.html");
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    console.log(`empty page (same Next.js): ${kb(empty.bytes)} gzip in ${empty.files} scripts`);
    let ok = true;
    for (const [label, file] of [
      ["home /", "es.html"],
      ["home /en", "en.html"],
    ] as const) {
      const home = firstLoadJs(root, file);
      const ratio = home.bytes / empty.bytes;
      ok &&= ratio <= LIMIT;
      ratios.push(`${label.replace("home ", "")}=${ratio.toFixed(2)}`);
      console.log(
        `${label}: ${kb(home.bytes)} gzip in ${home.files} scripts = ${ratio.toFixed(2)}× the empty page (limit ${LIMIT}×)`,
      );
    }
    console.log(ok ? "within the first-load budget" : "OVER the first-load budget");
    process.exitCode = ok ? 0 : 1;
    return `first-load-js: home/empty ${ratios.join(" ")} limit=${LIMIT}`;
  } finally {
    removeEmptyApp(emptyDir);
  }
}

void runRecorded({ name: "first-load-js", command: "npm run bench:first-load" }, main);
