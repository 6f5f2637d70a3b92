// The browser calls endpoints through lib/api-docs/endpoints.ts (method, path and operationId, no zod):
// it must say exactly what the contracts say, and in tests each endpoint still checks answers against
// its contract.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_CONTRACTS } from "@/lib/api-docs/contracts";
import * as endpoints from "@/lib/api-docs/endpoints";
import type { Endpoint } from "@/lib/http/endpoint";
import { endpointsSource, ENDPOINTS_FILE } from "../../../scripts/generate-endpoints";
import { REPO_ROOT, sourceFiles } from "../../support/source-files";

/** Value imports of a contract module (`import type` brings no code and is fine). */
export function importsContractValues(source: string): boolean {
  const imports = /import\s+(type\s+)?[^;]*?from\s*["'][^"']*\.contract["']/g;
  return [...source.matchAll(imports)].some(([, isTypeOnly]) => !isTypeOnly);
}

describe("the endpoints the browser calls", () => {
  it("are the generated file as the contracts make it today (run scripts/generate-endpoints.ts)", async () => {
    expect(readFileSync(ENDPOINTS_FILE, "utf8")).toBe(await endpointsSource());
  });

  it("name every contract once, with its method, path and whether it takes a body", async () => {
    const all = Object.values(endpoints) as Endpoint[];
    expect(all.map((endpoint) => endpoint.operationId).sort()).toEqual(
      API_CONTRACTS.map((contract) => contract.operationId).sort(),
    );
    for (const endpoint of all) {
      const contract = API_CONTRACTS.find((c) => c.operationId === endpoint.operationId)!;
      expect([endpoint.method, endpoint.path, endpoint.hasBody]).toEqual([
        contract.method,
        contract.path,
        Boolean(contract.body),
      ]);
      // Outside production the contract is at hand to check answers.
      expect(await endpoint.loadContract?.()).toBe(contract);
    }
  });
});

describe("components reach endpoints without their schemas", () => {
  it("recognises a value import of a contract module", () => {
    expect(importsContractValues('import { getLead } from "@/lib/crm/crm.contract";')).toBe(true);
    expect(importsContractValues('import type { getLead } from "@/lib/crm/crm.contract";')).toBe(
      false,
    );
    expect(importsContractValues('import { getLead } from "@/lib/api-docs/endpoints";')).toBe(
      false,
    );
  });

  it("no component imports a contract module's values (they would bring zod to the page)", () => {
    const offenders = sourceFiles(path.join(REPO_ROOT, "components"))
      .filter((file) => importsContractValues(readFileSync(file, "utf8")))
      .map((file) => path.relative(REPO_ROOT, file));
    expect(offenders, "import the endpoint from @/lib/api-docs/endpoints").toEqual([]);
  });
});
