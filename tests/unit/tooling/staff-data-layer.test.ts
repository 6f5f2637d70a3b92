// Staff screens read server state through the query layer (components/<feature>/*-queries.ts): no effect that
// fetches and no hand-written race guard.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const STAFF_FOLDERS = [
  "components/crm",
  "components/outbox",
  "components/analytics",
  "components/staff",
];
/** Staff screens kept in the proposals folder beside the public client-link parts. */
const STAFF_PROPOSAL_FILES = [
  "components/proposals/crm-proposal.tsx",
  "components/proposals/proposal-builder.tsx",
  "components/proposals/proposals-list.tsx",
];
/** Staff screens kept in the meetings folder beside the public booking page's parts. */
const STAFF_MEETING_FILES = [
  "components/meetings/availability-form.tsx",
  "components/meetings/lead-meetings.tsx",
  "components/meetings/meeting-list.tsx",
  "components/meetings/meeting-types-manager.tsx",
  "components/meetings/my-meetings.tsx",
];
/** Public parts that live in a staff folder: the site's analytics beacon. */
const PUBLIC_FILES = new Set(["components/analytics/analytics-tracker.tsx"]);
const RACE_GUARD = /\b(requestSeq|isCurrent|cancelled|AbortController)\b/;
/** A server call: a feature client (crmApi.x), the shared client, or fetch itself. */
const SERVER_CALL = /\b\w+Api\.\w+\(|\bcallApi\b|\bfetch\(/;

const staffFiles = () =>
  [
    ...STAFF_FOLDERS.flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => /\.tsx?$/.test(name))
        .map((name) => `${folder}/${name}`),
    ),
    ...STAFF_PROPOSAL_FILES,
    ...STAFF_MEETING_FILES,
  ].filter((file) => !PUBLIC_FILES.has(file) && !/-(queries|api)\.ts$/.test(file));

/** The source of every `useEffect(...)` call in a file, matched by brackets. */
export function effectBodies(source: string): string[] {
  const bodies: string[] = [];
  for (let start = source.indexOf("useEffect("); start >= 0;) {
    let depth = 0;
    let end = start + "useEffect".length;
    for (; end < source.length; end++) {
      if (source[end] === "(") depth++;
      else if (source[end] === ")" && --depth === 0) break;
    }
    bodies.push(source.slice(start, end + 1));
    start = source.indexOf("useEffect(", end);
  }
  return bodies;
}

/** The code without comments and quoted strings ("cancelled" is also an e-mail's state). */
const codeOf = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');

/** Why a file breaks the rule, or null. */
export function dataLayerProblem(source: string): string | null {
  const guard = RACE_GUARD.exec(codeOf(source));
  if (guard) return `hand-written race guard "${guard[1]}"`;
  const fetching = effectBodies(source).find((body) => SERVER_CALL.test(body));
  return fetching ? `an effect that calls the server: ${fetching.slice(0, 80)}…` : null;
}

describe("staff screens read server state through the query layer", () => {
  it("recognises a fetching effect and a race guard, and lets a plain effect through", () => {
    expect(
      dataLayerProblem("useEffect(() => { void crmApi.listLeads({}).then(setLeads); }, []);"),
    ).toMatch(/effect that calls the server/);
    expect(dataLayerProblem("useEffect(() => { fetch('/api/x'); }, [a]);")).toMatch(/effect/);
    expect(dataLayerProblem("const seq = ++requestSeq.current;")).toMatch(/race guard/);
    expect(dataLayerProblem("let isCurrent = true;")).toMatch(/race guard/);
    expect(dataLayerProblem("if (cancelled) return;")).toMatch(/race guard/);
    expect(dataLayerProblem('showToast(t("cancelled")); // never cancelled')).toBeNull();
    expect(dataLayerProblem("const controller = new AbortController();")).toMatch(/race guard/);
    expect(
      dataLayerProblem("useEffect(() => { const o = new IntersectionObserver(f); }, [f]);"),
    ).toBeNull();
  });

  for (const file of staffFiles())
    it(`${file} neither fetches in an effect nor guards races by hand`, () => {
      expect(dataLayerProblem(readFileSync(path.join(process.cwd(), file), "utf8"))).toBeNull();
    });
});
