// The browser calls endpoints through lib/api-docs/endpoints.ts (method, path and operationId, no zod):
// it must say exactly what the contracts say, and in tests each endpoint still checks answers against
// its contract.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_CONTRACTS } from "@/lib/api-docs/contracts";
import * as endpoints from "@/lib/api-docs/endpoints";
import type { Endpoint } from "@/lib/http/endpoint";
import { endpointsSource, ENDPOINTS_FILE } from "../../../scripts/generate-endpoints";

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
