// JavaScript of the proposal pages (the booking pages, and the staff screens) in one or more production builds: what each page loads first, and the
// PDF library chunks a page can still fetch on demand (html2pdf.js, html2canvas, jsPDF, before issue 36).
//   npx tsx bench/proposal-pages-js.ts after=. before=/tmp/avanza-base   (each folder holds a .next build)
// First load = every chunk the page's client reference manifest lists for its page and layouts, plus the
// build's root main files, gzipped (level 9) like a server would send them.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const PAGES = [
  ["sample", "(proposal)/proposal/santo-domingo-motors/page"],
  ["client link", "(client-link)/proposals/ai-generated/[token]/page"],
  ["staff (stored)", "(staff)/proposal/db/[id]/page"],
  ["verify", "(proposal)/proposals/verify/page"],
  ["local view", "(proposal)/proposal/view/[id]/page"],
  ["staff (new)", "(staff)/proposal/new/page"],
  // The public booking pages (their client calls the meetings endpoints).
  ["book", "[locale]/(booking)/book/[type]/page"],
  ["manage meeting", "[locale]/(booking)/meetings/[token]/page"],
  // The other staff screens that call the API through the contract-typed client.
  ["CRM", "(staff)/crm/page"],
  ["CRM lead", "(staff)/crm/leads/[id]/page"],
  ["proposals list", "(staff)/crm/proposals/page"],
  ["analytics", "(staff)/analytics/page"],
  ["outbox", "(staff)/crm/outbox/page"],
  ["set password", "(staff)/crm/password/page"],
] as const;
const PDF_LIBRARY = /html2canvas(?!-ignore)|jsPDF|html2pdf/;

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function entryFiles(next: string, page: string): string[] {
  const manifest = path.join(next, "server/app", `${page}_client-reference-manifest.js`);
  if (!existsSync(manifest)) throw new Error(`no manifest for ${page} in ${next}`);
  const globals: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } =
    {};
  new Function("globalThis", readFileSync(manifest, "utf8"))(globals);
  const entry = Object.values(globals.__RSC_MANIFEST ?? {})[0];
  const build = JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8")) as {
    rootMainFiles?: string[];
  };
  return [
    ...new Set([
      ...(build.rootMainFiles ?? []),
      ...Object.values(entry?.entryJSFiles ?? {}).flat(),
    ]),
  ];
}

function chunksOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? chunksOf(full) : name.endsWith(".js") ? [full] : [];
  });
}

for (const argument of process.argv.slice(2)) {
  const [label, root] = argument.split("=") as [string, string];
  const next = path.resolve(root, ".next");
  console.log(`\n${label} (${next})`);
  console.log("| page | first-load JS (gzip) | scripts |");
  console.log("| --- | --- | --- |");
  for (const [name, page] of PAGES) {
    const files = entryFiles(next, page);
    const bytes = files.reduce((sum, file) => sum + gz(path.join(next, file)), 0);
    console.log(`| ${name} | ${kb(bytes)} | ${files.length} |`);
  }
  const library = chunksOf(path.join(next, "static/chunks")).filter((file) =>
    PDF_LIBRARY.test(readFileSync(file, "utf8")),
  );
  const onDemand = library.reduce((sum, file) => sum + gz(file), 0);
  console.log(
    `on-demand PDF library chunks: ${library.length}, ${kb(onDemand)} gzip (${library.map((f) => path.basename(f)).join(", ") || "none"})`,
  );
}
