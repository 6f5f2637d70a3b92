import { readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { featureWallZones } from "./eslint/feature-walls.mjs";
import { noServerCodeInClient } from "./eslint/no-server-code-in-client.mjs";

// The rooms of the house (docs/ARCHITECTURE.md, "Boundaries"): each rule below is one of its walls.
const features = readdirSync(new URL("./lib", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "generated")
  .map((entry) => entry.name);

const BOUNDARY_ZONES = [
  // components/ui holds primitives: it knows no feature, page or handler.
  ...["./app", "./lib"].map((from) => ({
    target: "./components/ui",
    from,
    message: "components/ui is feature-free: pass data in as props instead.",
  })),
  {
    target: "./components/ui",
    from: "./components",
    except: ["./ui"],
    message: "components/ui is feature-free: a primitive may not import a feature's components.",
  },
  // lib/ is the bottom floor: it never reaches up into pages, handlers or UI.
  ...["./app", "./components"].map((from) => ({
    target: "./lib",
    from,
    message: "lib/ must not import from app/ or components/: imports flow app → components → lib.",
  })),
  // Route handlers call services; only services talk to repos and the database.
  ...["./lib/db.ts", "./lib/prisma-client.ts", "./lib/**/*.repo.ts"].map((from) => ({
    target: "./app/api",
    from,
    message: "Route handlers call a service, never lib/db.ts or a repo.",
  })),
  // UI never touches the database, even from a server component.
  ...["./lib/db.ts", "./lib/prisma-client.ts", "./lib/**/*.repo.ts"].map((from) => ({
    target: "./components",
    from,
    message: "UI never imports lib/db.ts or a repo: data arrives through a route or as props.",
  })),
  // A feature's repo is private to that feature: other features call its service.
  ...features.map((feature) => ({
    target: ["./app", "./components", `./lib/!(${feature})/**`],
    from: `./lib/${feature}/*.repo.ts`,
    message: `lib/${feature}'s repos are private to lib/${feature}: call its service instead.`,
  })),
  // Between lib/ folders: the kernel knows no feature; features import downwards, public modules only.
  ...featureWallZones(import.meta.dirname),
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // The rule targets the Pages Router's _document; App Router layouts render <head> by design, and there is no pages/ folder.
    rules: { "@next/next/no-head-element": "off" },
  },
  {
    files: ["app/**", "components/**", "lib/**", "proxy.ts"],
    plugins: { house: { rules: { "no-server-code-in-client": noServerCodeInClient } } },
    rules: {
      "import/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: BOUNDARY_ZONES },
      ],
      "house/no-server-code-in-client": "error",
    },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    ".data/**",
    "lib/generated/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    ".bench/**",
  ]),
]);
