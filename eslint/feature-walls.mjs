import path from "node:path";

// The walls between lib/ folders (docs/decisions/014-feature-walls-and-sql.md).

/**
 * Shared infrastructure: any feature may use any of its modules, and it imports no feature. Top-level
 * files of lib/ (db.ts, env.ts, site.ts…) belong here too.
 */
export const KERNEL = [
  "http",
  "i18n",
  "settings",
  "rate-limit",
  "security",
  "theme",
  "queue",
  "outbox",
  "money",
];

/**
 * The features from the bottom up. Each may import only features listed before it, and of those only
 * the public modules: `*.service.ts` (what it does), `*.schema.ts` (the shapes it takes and gives) and
 * `*.contract.ts` (the endpoints it declares).
 * One direction per pair, so no cycle can form. The job registry (lib/jobs) sits above the features
 * whose handlers it runs; lib/api-docs describes every API, so it is last.
 */
export const FEATURE_LAYERS = [
  "health",
  "booking",
  "chat-widget",
  "careers",
  "content",
  "legal",
  "seo",
  "staff",
  "notifications",
  "analytics",
  "leads",
  "meetings",
  "crm",
  "proposals",
  "alerts",
  "mail",
  "privacy",
  "jobs",
  "platform",
  "api-docs",
];

const PUBLIC_MODULES = ["*.service.ts", "*.schema.ts", "*.contract.ts"];

const anyOf = (names) => (names.length === 1 ? names[0] : `{${names.join(",")}}`);

/** Zones for import/no-restricted-paths, one wall each; `root` is the repository's absolute path. */
export function featureWallZones(root) {
  const lib = path.join(root, "lib");
  const zones = KERNEL.map((kernel) => ({
    target: `./lib/${kernel}`,
    from: `${lib}/${anyOf(FEATURE_LAYERS)}/**`,
    message: `lib/${kernel} is shared infrastructure: it imports no feature (pass what it needs in).`,
  }));
  FEATURE_LAYERS.forEach((feature, index) => {
    const below = FEATURE_LAYERS.slice(0, index);
    const aboveOrBeside = FEATURE_LAYERS.filter((other, at) => at > index && other !== feature);
    if (aboveOrBeside.length > 0) {
      zones.push({
        target: `./lib/${feature}`,
        from: `${lib}/${anyOf(aboveOrBeside)}/**`,
        message: `lib/${feature} sits below this feature (FEATURE_LAYERS in eslint/feature-walls.mjs): imports go downwards only, so the higher feature calls lib/${feature}, or the shared part moves into the kernel.`,
      });
    }
    if (below.length > 0) {
      zones.push({
        target: `./lib/${feature}`,
        from: `${lib}/${anyOf(below)}/**`,
        except: PUBLIC_MODULES.map((module) => `${lib}/${anyOf(below)}/**/${module}`),
        message: `Another feature's inside is private: import its *.service.ts, *.schema.ts or *.contract.ts only.`,
      });
    }
  });
  return zones;
}
