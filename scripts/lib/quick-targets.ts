// Which integration tests `npm run test:quick` runs for a change (scripts/test-quick.ts): a changed
// file's feature folder, or the whole suite when the change touches what every feature stands on.

export type IntegrationTargets =
  { everything: true; reason: string } | { everything: false; folders: string[] };

/** Files and folders every feature's integration tests stand on. */
const FOUNDATIONS = [
  "prisma/",
  "scripts/db/",
  "lib/http/",
  "lib/db.ts",
  "lib/db-errors.ts",
  "lib/prisma-client.ts",
  "lib/env.ts",
  "lib/env.schema.ts",
  "tests/support/",
  "vitest.config.ts",
  "package.json",
  "package-lock.json",
];

/** Code folders whose integration tests live under another feature's name. */
const TESTED_UNDER: Record<string, string> = {
  booking: "meetings",
  careers: "content",
  outbox: "jobs",
  alerts: "jobs",
  queue: "jobs",
  mail: "jobs",
  notifications: "jobs",
  security: "platform",
  "rate-limit": "platform",
  health: "platform",
  "api-docs": "platform",
};

/** The folders under which a path names its feature: `lib/crm/…` is the CRM. */
const FEATURE_ROOTS = ["lib/", "app/api/", "components/", "tests/integration/", "tests/unit/"];

export function integrationTargets(
  changedFiles: string[],
  integrationFolders: string[],
): IntegrationTargets {
  const foundation = changedFiles.find((file) =>
    FOUNDATIONS.some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry)),
  );
  if (foundation) return { everything: true, reason: foundation };
  const folders = new Set<string>();
  for (const file of changedFiles) {
    const featureRoot = FEATURE_ROOTS.find((prefix) => file.startsWith(prefix));
    if (!featureRoot) continue;
    const [name, ...rest] = file.slice(featureRoot.length).split("/");
    if (!name || rest.length === 0) continue;
    const feature = TESTED_UNDER[name] ?? name;
    if (integrationFolders.includes(feature)) folders.add(feature);
  }
  return { everything: false, folders: [...folders].sort() };
}
