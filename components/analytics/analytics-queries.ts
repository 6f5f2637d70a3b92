"use client";

// The analytics dashboard's one door to the server: query keys and the functions behind them.
import { queryOptions } from "@tanstack/react-query";
import { analyticsApi, salesApi } from "./analytics-api";

/** The dashboard's forecast also shows the previous quarter, forecast against actual. */
export const FORECAST_PAST_MONTHS = 3;

export const analyticsKeys = {
  dashboard: (periodQuery: string) => ["analytics", "dashboard", periodQuery] as const,
  sales: (periodQuery: string) => ["analytics", "sales", periodQuery] as const,
  forecast: (past: number) => ["analytics", "forecast", past] as const,
};

export const analyticsQueries = {
  /** The dashboard for one period (`range=…` or custom dates); a superseded period's request is cancelled. */
  dashboard: (periodQuery: string) =>
    queryOptions({
      queryKey: analyticsKeys.dashboard(periodQuery),
      queryFn: async ({ signal }) => {
        try {
          return await analyticsApi.getDashboard(periodQuery, signal);
        } catch (error) {
          if (!signal.aborted) console.error("Analytics dashboard failure", error);
          throw error;
        }
      },
    }),
  /** Figures per salesperson for one period. */
  sales: (periodQuery: string) =>
    queryOptions({
      queryKey: analyticsKeys.sales(periodQuery),
      queryFn: ({ signal }) => salesApi.getSales(periodQuery, signal),
    }),
  /**
   * The forecast of the viewer's scope (everyone for managers, their own for sales), with `past` months before
   * the current quarter (forecast against actual).
   */
  forecast: (past = FORECAST_PAST_MONTHS) =>
    queryOptions({
      queryKey: analyticsKeys.forecast(past),
      queryFn: ({ signal }) => salesApi.getForecast(past, signal),
    }),
};
