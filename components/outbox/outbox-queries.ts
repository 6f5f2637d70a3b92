"use client";

// The outbox screens' one door to the server: query keys and the functions behind them.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutboxListDto, TOutboxQuery } from "@/lib/mail/outbox.schema";
import { outboxApi } from "./outbox-api";

export const outboxKeys = {
  all: () => ["outbox"] as const,
  list: (query: TOutboxQuery) => ["outbox", query] as const,
};

export const outboxQueries = {
  list: (query: TOutboxQuery) =>
    queryOptions({
      queryKey: outboxKeys.list(query),
      queryFn: () => outboxApi.list(query),
      // Another filter keeps the current rows on screen until its own arrive (or fail to).
      placeholderData: keepPreviousData,
    }),
};

/** Retries or cancels one e-mail; every cached list shows its new state. */
export function useOutboxAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "retry" | "cancel" }) =>
      outboxApi[action](id),
    onSuccess: (updated) =>
      client.setQueriesData<OutboxListDto>(
        { queryKey: outboxKeys.all() },
        (list) =>
          list && {
            ...list,
            messages: list.messages.map((message) =>
              message.id === updated.id ? updated : message,
            ),
          },
      ),
  });
}
