// The browser calls the API through the contract-typed client (lib/http/contract-client.ts): its input
// and answer types come from the endpoint's contract and the answer is checked outside production.
// `callApi<T>` (and `callApiWithStatus<T>`) trusts a hand-written T, so no component uses it; `callApiForBlob`
// (files, not JSON) stays open to them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, sourceFiles } from "../../support/source-files";

/** The code without comments and quoted strings. */
const codeOf = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');

/** Whether a source imports the untyped `callApi` or `callApiWithStatus` (under any local name) or calls it. */
export function usesUntypedCall(source: string): boolean {
  const imports = /import\s*\{([^}]*)\}\s*from\s*["']@\/lib\/http\/api-client["']/g;
  for (const [, names] of source.matchAll(imports))
    if (/(^|[\s,])callApi(WithStatus)?(\s+as\s+\w+)?\s*(,|$)/.test(names!)) return true;
  return /\bcallApi(WithStatus)?\s*[<(]/.test(codeOf(source));
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
    expect(usesUntypedCall('import { callApiWithStatus } from "@/lib/http/api-client";')).toBe(
      true,
    );
    expect(usesUntypedCall("const { body } = await callApiWithStatus<LeadDto>(path);")).toBe(true);
    expect(usesUntypedCall("return callEndpoint(getLead, { params: { id } });")).toBe(false);
    expect(usesUntypedCall('// callApi<T>("…") was here')).toBe(false);
  });

  it("no component uses callApi", () => {
    const offenders = componentFiles().filter((file) =>
      usesUntypedCall(readFileSync(path.join(REPO_ROOT, file), "utf8")),
    );
    expect(offenders, "use callEndpoint(endpoint, …) from lib/http/contract-client.ts").toEqual([]);
  });
});
