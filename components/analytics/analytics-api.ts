import type { AnalyticsDashboard } from "@/lib/analytics/dashboard.schema";
import type { ForecastDto, SalesReportDto } from "@/lib/analytics/sales.schema";
import { callApi } from "@/lib/http/api-client";

/** The dashboard's typed client: `query` is the period's query string (`range=…` or custom dates). */
export const analyticsApi = {
  getDashboard: (query: string, signal?: AbortSignal) =>
    callApi<AnalyticsDashboard>(`/api/analytics?${query}`, { signal, cache: "no-store" }),
};

/** The manager's view: figures per salesperson for a period, and the forecast. */
export const salesApi = {
  getSales: (query: string, signal?: AbortSignal) =>
    callApi<SalesReportDto>(`/api/analytics/sales?${query}`, { signal, cache: "no-store" }),
  getForecast: (past: number, signal?: AbortSignal) =>
    callApi<ForecastDto>(`/api/analytics/forecast?past=${past}`, { signal, cache: "no-store" }),
};
