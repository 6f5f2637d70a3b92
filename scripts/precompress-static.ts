// `npm run build` runs this after `next build`: Brotli copies of the build's scripts and stylesheets for
// the front door to send (scripts/lib/static-brotli.ts).
import path from "node:path";
import { precompressDirectory } from "./lib/static-brotli";

const staticDir = path.join(process.cwd(), ".next", "static");
const started = performance.now();
const { files, originalBytes, brotliBytes } = await precompressDirectory(staticDir);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `[avanza] Brotli copies of ${files} scripts and stylesheets: ${originalBytes.toLocaleString("en")} B -> ${brotliBytes.toLocaleString("en")} B in ${seconds} s`,
);
