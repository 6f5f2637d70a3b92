// The browser calls the API through the contract-typed client (lib/http/contract-client.ts): its input
// and answer types come from the endpoint's contract and the answer is checked outside production.
// `callApi<T>` trusts a hand-written T, so a component may use it only where the reason is written here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, sourceFiles } from "../../support/source-files";

/** Components that may still call `callApi`, and why. */
const ALLOWED: Record<string, string> = {
  "components/proposals/proposals-api.ts":
    "the public pages' client (the link, the signature, verification, and the viewer the sample pages render): kept off the contracts while callEndpoint shipped zod; since decision 025 it does not in production, and this client is the next to move",
  "components/meetings/meetings-api.ts":
    "the public booking and manage pages' client: kept off the contracts while callEndpoint shipped zod, like the proposal pages; it can move since decision 025",
};

/** The code without comments and quoted strings. */
const codeOf = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');

/** Whether a source imports the untyped `callApi` (under any local name) or calls it. */
export function usesUntypedCall(source: string): boolean {
  const imports = /import\s*\{([^}]*)\}\s*from\s*["']@\/lib\/http\/api-client["']/g;
  for (const [, names] of source.matchAll(imports))
    if (/(^|[\s,])callApi(\s+as\s+\w+)?\s*(,|$)/.test(names!)) return true;
  return /\bcallApi\s*[<(]/.test(codeOf(source));
}

const componentFiles = () =>
  sourceFiles(path.join(REPO_ROOT, "components")).map((file) =>
    path.relative(REPO_ROOT, file).split(path.sep).join("/"),
  );

describe("components call the API typed by its contract", () => {
  it("recognises the untyped client however it is imported or called", () => {
    expect(usesUntypedCall('import { callApi } from "@/lib/http/api-client";')).toBe(true);
    expect(
      usesUntypedCall('import { ApiError, callApi as call } from "@/lib/http/api-client";'),
    ).toBe(true);
    expect(usesUntypedCall("const lead = await callApi<LeadDto>(`/api/crm/leads/${id}`);")).toBe(
      true,
    );
    expect(
      usesUntypedCall('import { ApiError, callApiForBlob } from "@/lib/http/api-client";'),
    ).toBe(false);
    expect(usesUntypedCall("return callEndpoint(getLead, { params: { id } });")).toBe(false);
    expect(usesUntypedCall('// callApi<T>("…") was here')).toBe(false);
  });

  it("no component outside the written exceptions uses callApi", () => {
    const offenders = componentFiles().filter(
      (file) =>
        !(file in ALLOWED) && usesUntypedCall(readFileSync(path.join(REPO_ROOT, file), "utf8")),
    );
    expect(offenders, "use callEndpoint(contract, …) from lib/http/contract-client.ts").toEqual([]);
  });

  it("each exception still exists and still needs its exception", () => {
    const files = new Set(componentFiles());
    for (const file of Object.keys(ALLOWED)) {
      expect(files.has(file), `${file} is gone: drop its exception`).toBe(true);
      expect(
        usesUntypedCall(readFileSync(path.join(REPO_ROOT, file), "utf8")),
        `${file} no longer uses callApi: drop its exception`,
      ).toBe(true);
    }
  });
});
