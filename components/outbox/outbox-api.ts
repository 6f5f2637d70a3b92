import { callApi } from "@/lib/http/api-client";
import type { OutboxListDto, OutboxMessageDto, TOutboxQuery } from "@/lib/mail/outbox.schema";

/** The outbox's one door to the API. */
export const outboxApi = {
  list(query: TOutboxQuery): Promise<OutboxListDto> {
    const params = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    const text = params.toString();
    return callApi(`/api/staff/outbox${text ? `?${text}` : ""}`);
  },
  retry: (id: string) =>
    callApi<OutboxMessageDto>(`/api/staff/outbox/${id}/retry`, { method: "POST" }),
  cancel: (id: string) =>
    callApi<OutboxMessageDto>(`/api/staff/outbox/${id}/cancel`, { method: "POST" }),
};
