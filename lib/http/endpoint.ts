/**
 * What the browser needs of an endpoint's contract to call it: its method, path and operationId. The
 * contract itself (its zod schemas) is carried in the type only, so a page that calls an endpoint does
 * not ship the schemas; outside production `loadContract` fetches them to check the answer
 * (lib/api-docs/endpoints.ts builds these from the contracts). No runtime import: any page may use it.
 */
import type { Contract, ContractMethod } from "./contract";

export interface Endpoint<C extends Contract = Contract> {
  readonly operationId: C["operationId"];
  readonly method: ContractMethod;
  /** The path as OpenAPI writes it: /api/crm/leads/{id}. */
  readonly path: string;
  /** Whether the contract takes a body (sent as JSON). */
  readonly hasBody: boolean;
  /** Development and tests only: the contract, to check an answer against its schema. */
  readonly loadContract?: () => Promise<Contract>;
  /** Type only: the contract this endpoint stands for. */
  readonly contractType?: C;
}

/** The endpoint's path with its `{name}` parameters filled in (encoded). */
export function endpointPath(endpoint: Endpoint, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new Error(`${endpoint.operationId}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
