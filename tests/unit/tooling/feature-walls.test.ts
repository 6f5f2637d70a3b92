import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_LAYERS, KERNEL } from "@/eslint/feature-walls.mjs";
import {
  cycleGroups,
  featureEdges,
  listFeatures,
  twoWayPairs,
} from "@/scripts/lib/feature-graph.mjs";
import { BOUNDARY_RULE, ruleIdsFor } from "@/tests/support/lint";

const root = process.cwd();
const fixtureDir = path.join(import.meta.dirname, "wall-fixtures");

/** Each fixture names, on its first line, the file it pretends to be (the walls depend on where code lives). */
const fixtures = readdirSync(fixtureDir).map((name) => {
  const code = readFileSync(path.join(fixtureDir, name), "utf8");
  const lintAs = /^\/\/ lint-as: (\S+)/.exec(code)?.[1];
  if (!lintAs) throw new Error(`${name} has no "// lint-as:" first line`);
  return { name, code, lintAs };
});

describe("walls between lib/ folders", { timeout: 120_000 }, () => {
  it.each(fixtures)("$name breaks a wall and fails lint", async ({ code, lintAs }) => {
    expect(await ruleIdsFor(lintAs, code)).toContain(BOUNDARY_RULE);
  });

  it("lets a feature import a lower feature's service", async () => {
    const code = `import { getLead } from "@/lib/crm/lead.service";\nexport const load = getLead;\n`;
    expect(await ruleIdsFor("lib/proposals/lead-lookup.service.ts", code)).not.toContain(
      BOUNDARY_RULE,
    );
  });

  it("places every lib/ folder in the kernel or in the feature order, once", () => {
    const placed = [...KERNEL, ...FEATURE_LAYERS];
    expect(new Set(placed).size).toBe(placed.length);
    expect(listFeatures(root).sort()).toEqual([...placed].sort());
  });

  it("has no import cycle between lib/ folders", () => {
    const edges = featureEdges(root);
    expect(twoWayPairs(edges)).toEqual([]);
    expect(cycleGroups(edges)).toEqual([]);
  });
});
