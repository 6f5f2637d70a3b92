// The import graph between lib/ feature folders: which feature imports which, and the pairs that import each other.
// Used by the lint test (the cycle count must stay 0) and runnable by hand: `node scripts/lib/feature-graph.mjs`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const IMPORT_PATTERN =
  /(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Feature folders under lib/ (lib/generated is Prisma's output, not a feature). */
export function listFeatures(root) {
  const lib = path.join(root, "lib");
  return readdirSync(lib).filter(
    (name) => name !== "generated" && statSync(path.join(lib, name)).isDirectory(),
  );
}

function featureOf(root, absolutePath) {
  const relative = path.relative(path.join(root, "lib"), absolutePath);
  if (relative.startsWith("..")) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : undefined;
}

/** Edges feature → Map(feature → [file that imports it]) between distinct lib/ features. */
export function featureEdges(root) {
  const features = listFeatures(root);
  const edges = new Map(features.map((feature) => [feature, new Map()]));
  for (const feature of features) {
    for (const file of listFiles(path.join(root, "lib", feature))) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(IMPORT_PATTERN)) {
        const specifier = match[1] ?? match[2];
        let target;
        if (specifier.startsWith("@/")) target = path.join(root, specifier.slice(2));
        else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
        else continue;
        const targetFeature = featureOf(root, target);
        if (!targetFeature || targetFeature === feature || !edges.has(targetFeature)) continue;
        const files = edges.get(feature).get(targetFeature) ?? [];
        files.push(path.relative(root, file));
        edges.get(feature).set(targetFeature, files);
      }
    }
  }
  return edges;
}

/** Pairs of features that import each other, each pair once, sorted. */
export function twoWayPairs(edges) {
  const pairs = [];
  for (const [from, targets] of edges) {
    for (const to of targets.keys()) {
      if (from < to && edges.get(to)?.has(from)) pairs.push([from, to]);
    }
  }
  return pairs.sort();
}

/** Strongly connected groups of more than one feature (Tarjan): every cycle, however long, lies inside one. */
export function cycleGroups(edges) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return groups;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "../..");
  const edges = featureEdges(root);
  const pairs = twoWayPairs(edges);
  for (const [a, b] of pairs) {
    console.log(`${a} ↔ ${b}`);
    console.log(`  ${a} → ${b}: ${[...new Set(edges.get(a).get(b))].join(", ")}`);
    console.log(`  ${b} → ${a}: ${[...new Set(edges.get(b).get(a))].join(", ")}`);
  }
  const groups = cycleGroups(edges);
  console.log(
    `two-way pairs: ${pairs.length}; cyclic groups: ${groups.length} ${JSON.stringify(groups)}`,
  );
}
