"use client";

import { useEffect } from "react";

/**
 * Starts the first-party tracker once the page is idle, from its own small chunk, so it never delays
 * rendering or interaction. Public layouts only: the staff tools are never tracked.
 */
export function AnalyticsTracker({ receptionistName }: { receptionistName: string }) {
  useEffect(() => {
    const start = () => {
      import("@/lib/analytics/tracker/tracker")
        .then(({ startTracker }) => startTracker({ receptionistName }))
        .catch((error: unknown) => console.warn("Analytics tracking error", error));
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 3000 })
      : window.setTimeout(start, 1500);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [receptionistName]);
  return null;
}
