"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

/**
 * The staff tools' server-state cache. Only the staff root layout mounts it, so the public site never ships it.
 * Failures show at once (the screens offer their own retry) and a returning window does not refetch behind the
 * user's back; a screen shown again reloads, as it did before the cache.
 */
export function StaffQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
          mutations: { retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
