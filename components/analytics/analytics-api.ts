// The analytics dashboard's client: every call is typed by its endpoint's contract, and its answer is
// checked against the contract outside production (lib/http/contract-client.ts).
import { dashboard, forecast, salesReport } from "@/lib/api-docs/endpoints";
import { callEndpoint } from "@/lib/http/contract-client";

/** The period as the screens hold it (`range=…` or custom dates), as the contract's query fields. */
const periodFields = (query: string): { range?: string; startDate?: string; endDate?: string } =>
  Object.fromEntries(new URLSearchParams(query));

/** The dashboard's typed client: `query` is the period's query string (`range=…` or custom dates). */
export const analyticsApi = {
  getDashboard: (query: string, signal?: AbortSignal) =>
    callEndpoint(dashboard, { query: periodFields(query) }, { signal, cache: "no-store" }),
};

/** The manager's view: figures per salesperson for a period, and the forecast. */
export const salesApi = {
  getSales: (query: string, signal?: AbortSignal) =>
    callEndpoint(salesReport, { query: periodFields(query) }, { signal, cache: "no-store" }),
  getForecast: (past: number, signal?: AbortSignal) =>
    callEndpoint(forecast, { query: { past } }, { signal, cache: "no-store" }),
};
