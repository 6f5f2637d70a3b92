// Generates the site's original artwork into public/images/ (SVG, plus PNG social images: the
// default one and each job's picture, since social networks do not show SVG). The blog's covers are
// content images in PostgreSQL (docs/decisions/018-content-records.md).
// Everything is drawn here from shapes and a seeded random sequence, so it is reproducible:
//   npx tsx scripts/assets/generate-artwork.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { site } from "../../lib/site";
import { LOGO_PATH, socialImageFile } from "../../lib/seo/social-image";

const JOB_PICTURES = [
  "customer-success-manager",
  "content-creator-social-media",
  "video-editor",
  "ai-software-developer",
] as const;
const OUT = path.join(import.meta.dirname, "../../public/images");
const LOGO_FILE = LOGO_PATH.replace(/^\/images\//, "");
const C = {
  ink950: "#111315",
  ink900: "#1a1d21",
  ink800: "#24282e",
  ink700: "#343a42",
  mist: "#eef0f2",
  orange: "#f97316",
  orangeLight: "#ff8a3d",
  cyan: "#06b6d4",
  cyanLight: "#67e8f9",
};

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const defs = (id: string) => `<defs>
<linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.ink950}"/><stop offset="1" stop-color="${C.ink800}"/></linearGradient>
<radialGradient id="${id}-glowO" cx="0.75" cy="0.2" r="0.6"><stop offset="0" stop-color="${C.orange}" stop-opacity="0.45"/><stop offset="1" stop-color="${C.orange}" stop-opacity="0"/></radialGradient>
<radialGradient id="${id}-glowC" cx="0.15" cy="0.85" r="0.6"><stop offset="0" stop-color="${C.cyan}" stop-opacity="0.35"/><stop offset="1" stop-color="${C.cyan}" stop-opacity="0"/></radialGradient>
<linearGradient id="${id}-line" x1="0" x2="1"><stop offset="0" stop-color="${C.cyan}"/><stop offset="1" stop-color="${C.orange}"/></linearGradient>
</defs>`;

function background(id: string, w: number, h: number, gridStep: number) {
  const lines: string[] = [];
  for (let x = gridStep; x < w; x += gridStep) lines.push(`M${x} 0V${h}`);
  for (let y = gridStep; y < h; y += gridStep) lines.push(`M0 ${y}H${w}`);
  return `<rect width="${w}" height="${h}" fill="url(#${id}-bg)"/><path d="${lines.join("")}" stroke="${C.mist}" stroke-opacity="0.06" stroke-width="1"/><rect width="${w}" height="${h}" fill="url(#${id}-glowO)"/><rect width="${w}" height="${h}" fill="url(#${id}-glowC)"/>`;
}

function network(
  id: string,
  w: number,
  h: number,
  count: number,
  seed: number,
  area = { x: 0, y: 0, w, h },
) {
  const r = rng(seed);
  const nodes = Array.from({ length: count }, () => ({
    x: area.x + r() * area.w,
    y: area.y + r() * area.h,
    big: r() > 0.8,
  }));
  const edges: string[] = [];
  nodes.forEach((a, i) => {
    nodes
      .map((b, j) => ({ j, d: Math.hypot(a.x - b.x, a.y - b.y) }))
      .filter(({ j }) => j > i)
      .sort((p, q) => p.d - q.d)
      .slice(0, 2)
      .forEach(({ j }) =>
        edges.push(
          `M${a.x.toFixed(1)} ${a.y.toFixed(1)}L${nodes[j]!.x.toFixed(1)} ${nodes[j]!.y.toFixed(1)}`,
        ),
      );
  });
  const dots = nodes
    .map(
      (n, i) =>
        `<circle cx="${n.x.toFixed(1)}" cy="${n.y.toFixed(1)}" r="${n.big ? 7 : 3.5}" fill="${i % 3 === 0 ? C.orange : C.cyanLight}" fill-opacity="${n.big ? 1 : 0.8}"/>`,
    )
    .join("");
  return `<path d="${edges.join("")}" stroke="url(#${id}-line)" stroke-opacity="0.35" stroke-width="1.5" fill="none"/>${dots}`;
}

function wave(
  w: number,
  y: number,
  amp: number,
  freq: number,
  phase: number,
  color: string,
  opacity: number,
  width = 3,
) {
  const pts: string[] = [];
  for (let x = 0; x <= w; x += 12)
    pts.push(
      `${x} ${(y + Math.sin(x * freq + phase) * amp * Math.sin((x / w) * Math.PI)).toFixed(1)}`,
    );
  return `<path d="M${pts.join("L")}" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round"/>`;
}

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;

function hero() {
  const [w, h] = [1920, 800];
  const bars = Array.from({ length: 9 }, (_, i) => {
    const bh = 80 + i * 38;
    return `<rect x="${1180 + i * 64}" y="${640 - bh}" width="36" height="${bh}" rx="8" fill="${i % 2 ? C.cyan : C.orange}" fill-opacity="${0.25 + i * 0.07}"/>`;
  }).join("");
  return svg(
    w,
    h,
    `${defs("h")}${background("h", w, h, 80)}${network("h", w, h, 46, 7, { x: 960, y: 60, w: 900, h: 520 })}${bars}${wave(w, 560, 70, 0.006, 0, C.cyan, 0.6)}${wave(w, 590, 50, 0.009, 1.4, C.orange, 0.7)}${wave(w, 620, 30, 0.013, 2.2, C.mist, 0.25, 2)}<path d="M1180 660H1760" stroke="${C.mist}" stroke-opacity="0.3" stroke-width="2"/>`,
  );
}

function receptionist() {
  const [w, h] = [800, 600];
  const waveBars = Array.from({ length: 15 }, (_, i) => {
    const bh = 20 + Math.abs(Math.sin(i * 0.9)) * 90;
    return `<rect x="${250 + i * 20}" y="${300 - bh / 2}" width="10" height="${bh.toFixed(0)}" rx="5" fill="${i % 4 === 0 ? C.orange : C.cyanLight}"/>`;
  }).join("");
  const calendar = `<g transform="translate(520 360)"><rect width="200" height="170" rx="18" fill="${C.ink800}" stroke="${C.ink700}" stroke-width="2"/><rect width="200" height="44" rx="18" fill="${C.orange}"/><rect y="26" width="200" height="18" fill="${C.orange}"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${18 + (i % 4) * 44}" y="${62 + Math.floor(i / 4) * 34}" width="32" height="22" rx="5" fill="${i === 6 ? C.cyan : C.ink700}"/>`).join("")}<path d="M150 118l8 8 16-18" stroke="${C.ink950}" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round" transform="translate(-46 14)"/></g>`;
  const headset = `<g fill="none" stroke="${C.mist}" stroke-width="14" stroke-linecap="round"><path d="M160 330v-60a160 160 0 0 1 320 0v60" stroke-opacity="0.9"/></g><rect x="130" y="300" width="60" height="110" rx="24" fill="${C.orange}"/><rect x="450" y="300" width="60" height="110" rx="24" fill="${C.orange}"/><path d="M480 410q0 70-90 80" fill="none" stroke="${C.mist}" stroke-width="8" stroke-linecap="round"/><circle cx="380" cy="490" r="14" fill="${C.cyan}"/>`;
  return svg(w, h, `${defs("r")}${background("r", w, h, 40)}${headset}${waveBars}${calendar}`);
}

function videoPoster() {
  const [w, h] = [1280, 720];
  const rows = Array.from({ length: 5 }, (_, i) => {
    const y = 150 + i * 96;
    const score = [92, 78, 64, 88, 71][i] ?? 50;
    return `<g transform="translate(140 ${y})"><rect width="620" height="72" rx="14" fill="${C.ink800}" stroke="${C.ink700}"/><circle cx="40" cy="36" r="18" fill="${i % 2 ? C.cyan : C.orange}"/><rect x="76" y="22" width="${180 + i * 14}" height="12" rx="6" fill="${C.mist}" fill-opacity="0.7"/><rect x="76" y="42" width="${120 + i * 10}" height="10" rx="5" fill="${C.mist}" fill-opacity="0.3"/><rect x="430" y="30" width="150" height="12" rx="6" fill="${C.ink700}"/><rect x="430" y="30" width="${(150 * score) / 100}" height="12" rx="6" fill="${score > 80 ? C.orange : C.cyan}"/></g>`;
  }).join("");
  const chart = `<g transform="translate(820 150)"><rect width="320" height="440" rx="18" fill="${C.ink800}" stroke="${C.ink700}"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${34 + i * 44}" y="${380 - (60 + i * 45)}" width="28" height="${60 + i * 45}" rx="6" fill="${i % 2 ? C.cyan : C.orange}" fill-opacity="${0.5 + i * 0.08}"/>`).join("")}</g>`;
  return svg(w, h, `${defs("v")}${background("v", w, h, 64)}${rows}${chart}`);
}

const slideIcons: Record<string, string> = {
  aiFirst: `<circle cx="270" cy="170" r="70" fill="none" stroke="${C.orange}" stroke-width="10"/><path d="M240 170h60M270 140v60" stroke="${C.cyanLight}" stroke-width="10" stroke-linecap="round"/>${[0, 60, 120, 180, 240, 300].map((a) => `<circle cx="${(270 + Math.cos((a * Math.PI) / 180) * 110).toFixed(1)}" cy="${(170 + Math.sin((a * Math.PI) / 180) * 110).toFixed(1)}" r="10" fill="${C.cyan}"/>`).join("")}`,
  custom: `<rect x="170" y="90" width="90" height="90" rx="14" fill="${C.orange}"/><rect x="280" y="90" width="90" height="90" rx="14" fill="none" stroke="${C.cyanLight}" stroke-width="8"/><rect x="170" y="200" width="90" height="60" rx="14" fill="none" stroke="${C.cyanLight}" stroke-width="8"/><rect x="280" y="200" width="90" height="60" rx="14" fill="${C.cyan}"/>`,
  integration: `<circle cx="180" cy="170" r="46" fill="${C.orange}"/><circle cx="360" cy="110" r="34" fill="${C.cyan}"/><circle cx="360" cy="240" r="34" fill="${C.cyan}"/><path d="M222 150l104-30M222 190l104 40" stroke="${C.mist}" stroke-width="8" stroke-linecap="round" stroke-dasharray="2 16"/>`,
  bilingual: `<rect x="140" y="90" width="170" height="100" rx="20" fill="${C.orange}"/><path d="M180 190l-10 36 40-36" fill="${C.orange}"/><rect x="240" y="160" width="170" height="100" rx="20" fill="${C.cyan}"/><path d="M370 260l10 36-40-36" fill="${C.cyan}"/><text x="225" y="153" font-family="sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="${C.ink950}">ES</text><text x="325" y="223" font-family="sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="${C.ink950}">EN</text>`,
  security: `<path d="M270 70l110 40v70c0 70-50 110-110 130-60-20-110-60-110-130v-70z" fill="none" stroke="${C.cyanLight}" stroke-width="10" stroke-linejoin="round"/><rect x="230" y="170" width="80" height="64" rx="10" fill="${C.orange}"/><path d="M245 170v-22a25 25 0 0 1 50 0v22" fill="none" stroke="${C.orange}" stroke-width="10"/>`,
};

function slide(key: string, seed: number) {
  const [w, h] = [540, 360];
  return svg(
    w,
    h,
    `${defs(key)}${background(key, w, h, 36)}${network(key, w, h, 14, seed)}${slideIcons[key]}`,
  );
}

function socialImage(brand: string) {
  const [w, h] = [1200, 630];
  return svg(
    w,
    h,
    `${defs("s")}${background("s", w, h, 60)}${network("s", w, h, 22, 11, { x: 700, y: 80, w: 440, h: 420 })}<rect x="80" y="200" width="88" height="88" rx="20" fill="${C.ink900}" stroke="${C.ink700}" stroke-width="2"/><path d="M102 258l22-28 22 28" fill="none" stroke="${C.orange}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><path d="M105 270h38" stroke="${C.cyan}" stroke-width="6" stroke-linecap="round"/><text x="80" y="370" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="700" fill="${C.mist}">${brand}</text><text x="80" y="430" font-family="DejaVu Sans, sans-serif" font-size="34" fill="${C.mist}" fill-opacity="0.75">AI agents · Automation · Data</text>${wave(w, 540, 30, 0.01, 0.5, C.orange, 0.8)}`,
  );
}

async function main() {
  for (const dir of ["", "differentiators"]) mkdirSync(path.join(OUT, dir), { recursive: true });
  const files: Record<string, string> = {
    "hero.svg": hero(),
    "receptionist.svg": receptionist(),
    "video-poster.svg": videoPoster(),
    ...Object.fromEntries(
      Object.keys(slideIcons).map((k, i) => [`differentiators/${k}.svg`, slide(k, 20 + i)]),
    ),
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(OUT, name), content);
  const pngs: Record<string, Buffer> = {
    [socialImageFile(site.name)]: Buffer.from(socialImage(site.name.replace(/[<>&]/g, ""))),
    // The pictures of the four roles that came from code (jobs are records now; the migration points
    // them here) are drawn by hand (640 × 400); their PNG is rendered at social-card width.
    ...Object.fromEntries(
      JOB_PICTURES.map((name) => [
        `careers/${name}.png`,
        readFileSync(path.join(OUT, `careers/${name}.svg`)),
      ]),
    ),
    // The logo search engines show beside results and articles: the app icon (32 × 32) at 512 × 512.
    [LOGO_FILE]: readFileSync(path.join(import.meta.dirname, "../../app/icon.svg")),
  };
  const density = (name: string) =>
    name === LOGO_FILE ? 72 * 16 : name.startsWith("careers/") ? 72 * (1200 / 640) : 72;
  for (const [name, svgSource] of Object.entries(pngs))
    await sharp(svgSource, { density: density(name) })
      .png({ compressionLevel: 9 })
      .toFile(path.join(OUT, name));
  console.log(`wrote ${Object.keys(files).length + Object.keys(pngs).length} images to ${OUT}`);
}

void main();
