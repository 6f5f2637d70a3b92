import { callEndpoint } from "@/lib/http/contract-client";
import { cancelMail, listOutbox, retryMail } from "@/lib/api-docs/endpoints";
import type { TOutboxQuery } from "@/lib/mail/outbox.schema";

/** The outbox's one door to the API, typed and checked by the endpoints' contracts. */
export const outboxApi = {
  list: (query: TOutboxQuery) =>
    callEndpoint(listOutbox, {
      // An empty filter is no filter: the API reads an absent parameter, not an empty one.
      query: Object.fromEntries(
        Object.entries(query).filter(([, value]) => Boolean(value)),
      ) as TOutboxQuery,
    }),
  retry: (id: string) => callEndpoint(retryMail, { params: { id } }),
  cancel: (id: string) => callEndpoint(cancelMail, { params: { id } }),
};
