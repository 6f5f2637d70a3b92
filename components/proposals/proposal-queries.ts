"use client";

// The staff proposal screens' one door to the server: query keys and the functions behind them.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { ProposalPageDto } from "@/lib/proposals/proposal.schema";
import { proposalStaffApi, type ProposalListParams } from "./proposal-staff-api";

export const proposalKeys = {
  staffProposal: (id: string) => ["proposals", id] as const,
  list: (params: ProposalListParams) =>
    ["proposals", "list", params.status ?? "", params.author ?? "", params.q ?? ""] as const,
};

export const proposalQueries = {
  staffProposal: (id: string) =>
    queryOptions({
      queryKey: proposalKeys.staffProposal(id),
      queryFn: () => proposalStaffApi.get(id),
    }),
  list: (params: ProposalListParams) =>
    infiniteQueryOptions({
      queryKey: proposalKeys.list(params),
      queryFn: ({ pageParam }) => proposalStaffApi.list(params, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page: ProposalPageDto) => page.next_cursor,
      // A new filter keeps the current rows on screen until its own arrive.
      placeholderData: keepPreviousData,
    }),
};

/**
 * The proposals list (`/crm/proposals`), page by page; the server-rendered first page of the filters the
 * address opened with seeds it, so the page does not fetch what it already shows.
 */
export function useProposalList(
  params: ProposalListParams,
  seed?: { params: ProposalListParams; page: ProposalPageDto },
) {
  const isSeeded =
    seed !== undefined &&
    proposalKeys.list(seed.params).join("\u0000") === proposalKeys.list(params).join("\u0000");
  return useInfiniteQuery({
    ...proposalQueries.list(params),
    ...(isSeeded && {
      initialData: { pages: [seed.page], pageParams: [null] },
      staleTime: 30_000,
    }),
  });
}

/** What staff can do to a stored proposal from its page. */
function stepsOf(id: string) {
  return {
    share: () => proposalStaffApi.share(id),
    extend: (days: number) => proposalStaffApi.extend(id, days),
    setReminders: (enabled: boolean) => proposalStaffApi.setReminders(id, enabled),
    withdraw: () => proposalStaffApi.withdraw(id),
  };
}
export type ProposalSteps = ReturnType<typeof stepsOf>;

/**
 * Runs one step and says what happened (the screen words it from the step's answer); the proposal reloads
 * after it, since its status, link and validity may all change.
 */
export function useProposalStep(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ run }: { action: string; run: (steps: ProposalSteps) => Promise<string> }) =>
      run(stepsOf(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalKeys.staffProposal(id) }),
  });
}

/** The proposal changed elsewhere on its page (shared from the viewer): reload it. */
export function useReloadProposal(id: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: proposalKeys.staffProposal(id) });
}
