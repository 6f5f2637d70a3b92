import type { AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";
import { callApi } from "@/lib/http/api-client";

/** The dashboard's typed client: `query` is the period's query string (`range=…` or custom dates). */
export const analyticsApi = {
  getDashboard: (query: string, signal?: AbortSignal) =>
    callApi<AnalyticsDashboard>(`/api/analytics?${query}`, { signal, cache: "no-store" }),
};
