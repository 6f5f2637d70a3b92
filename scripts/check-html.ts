// `npm run test:html`: the Nu Html Checker (vnu-jar, Java) over every page in the sitemap and the
// 404, served by the production build (`npm run build` first). Fails on any error.
//   HTML_CHECK_PORT=3450 npm run test:html
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchAppEnv } from "@/bench/lib/app-env";
import { startApp } from "./lib/app-process";

const port = Number(process.env.HTML_CHECK_PORT || 3450);

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs vnu over the files; it writes its JSON report to stderr. */
function runVnu(vnuJar: string, files: string[]): string {
  const result = spawnSync(
    "java",
    ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error || result.status !== 0)
    throw new Error(
      `the Nu Html Checker did not run (it needs Java 11 or later): ${result.error?.message ?? result.stderr}`,
    );
  return result.stderr;
}

async function main() {
  // The package exports the jar's path (as a String object).
  const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
  const workDir = mkdtempSync(path.join(tmpdir(), "avanza-html-check-"));
  const app = await startApp({ port, env: benchAppEnv(workDir) });
  let failures = 0;
  try {
    const sitemap = await (await fetch(`${app.baseUrl}/sitemap.xml`)).text();
    // The sitemap names the public origin; the pages are fetched from this server.
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    paths.push("/en/this-page-does-not-exist");
    const files: string[] = [];
    for (const [index, pagePath] of paths.entries()) {
      const response = await fetch(`${app.baseUrl}${pagePath}`);
      const file = path.join(workDir, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, await response.text());
      files.push(file);
    }
    const byFile = new Map(files.map((file, index) => [file, paths[index]!]));
    const report = JSON.parse(runVnu(vnuJar, files)) as { messages: VnuMessage[] };
    const errors = report.messages.filter(
      (message) => message.type === "error" || message.subType === "fatal",
    );
    for (const error of errors) {
      const file = error.url ? decodeURIComponent(new URL(error.url).pathname) : "";
      console.error(`${byFile.get(file) ?? file}:${error.lastLine ?? "?"}: ${error.message}`);
    }
    failures = errors.length;
    console.log(
      `Nu Html Checker: ${paths.length} documents, ${errors.length} error(s), ${report.messages.filter((m) => m.subType === "warning").length} warning(s) (not failing)`,
    );
  } finally {
    await app.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (failures > 0) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
