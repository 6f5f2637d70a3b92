// `npm run build` runs this first: a production build without SITE_URL would bake http://localhost:3000
// into every prerendered page.
import nextEnv from "@next/env";
import { missingSiteUrlProblem } from "./lib/site-origin";

nextEnv.loadEnvConfig(process.cwd(), false);
const problem = missingSiteUrlProblem(process.env);
if (problem) {
  console.error(`\n[avanza] Cannot build: ${problem}\n`);
  process.exit(1);
}
