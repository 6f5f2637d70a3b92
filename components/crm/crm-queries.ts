"use client";

// The CRM screens' one door to the server: query keys and the functions behind them. Screens never call
// crmApi directly, so a typed client can replace these bodies without touching a screen.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { BoardDto } from "@/lib/crm/board.schema";
import type { LeadCardDto, LeadPageDto, LeadStage } from "@/lib/crm/crm.schema";
import type { LeadSort, TCrmSettings, WonPeriod } from "@/lib/crm/deal-value.schema";
import { crmApi, type LeadsFilter } from "./crm-api";

export type LeadListParams = LeadsFilter & { sort?: LeadSort };
export interface BoardParams {
  owner?: string;
  wonPeriod: WonPeriod;
}

export const crmKeys = {
  all: ["crm"] as const,
  leadLists: () => ["crm", "leads"] as const,
  leadList: (params: LeadListParams) => ["crm", "leads", params] as const,
  boards: () => ["crm", "board"] as const,
  board: (params: BoardParams) => ["crm", "board", params] as const,
  lead: (id: string) => ["crm", "lead", id] as const,
  settings: () => ["crm", "settings"] as const,
};

export const crmQueries = {
  /** The lead list, a page at a time (cursor pagination). */
  leadList: (params: LeadListParams) =>
    infiniteQueryOptions({
      queryKey: crmKeys.leadList(params),
      queryFn: ({ pageParam }) => crmApi.listLeads({ ...params, cursor: pageParam }),
      initialPageParam: null as string | null,
      getNextPageParam: (page: LeadPageDto) => page.next_cursor,
      // A new filter keeps the current rows on screen until its own arrive.
      placeholderData: keepPreviousData,
      // The server-rendered first page is fresh; changes made here update or invalidate the lists.
      staleTime: 30_000,
    }),
  board: (params: BoardParams) =>
    queryOptions({
      queryKey: crmKeys.board(params),
      queryFn: () => crmApi.board(params),
      // Another owner or period keeps the current board on screen until the new one arrives.
      placeholderData: keepPreviousData,
    }),
  settings: () => queryOptions({ queryKey: crmKeys.settings(), queryFn: () => crmApi.settings() }),
};

/** A board with a lead moved from one column to another (its days in the stage start again). */
function withMovedLead(board: BoardDto, lead: LeadCardDto, to: LeadStage): BoardDto {
  const from = lead.stage;
  return {
    ...board,
    counts: { ...board.counts, [from]: board.counts[from] - 1, [to]: board.counts[to] + 1 },
    leads: {
      ...board.leads,
      [from]: board.leads[from].filter((card) => card.id !== lead.id),
      [to]: [{ ...lead, stage: to, days_in_stage: 0, is_stale: false }, ...board.leads[to]],
    },
  };
}

/** Every cached lead list with one lead replaced by `change(lead)`. */
export function updateCachedLead(
  client: QueryClient,
  id: string,
  change: (lead: LeadCardDto) => LeadCardDto,
) {
  client.setQueriesData<{ pages: LeadPageDto[]; pageParams: unknown[] }>(
    { queryKey: crmKeys.leadLists() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          leads: page.leads.map((lead) => (lead.id === id ? change(lead) : lead)),
        })),
      },
  );
}

/**
 * Moves a card on the board at once and puts it back if the server refuses. Counts and totals come from the
 * server afterwards (a moved deal changes two columns' sums); the cards already loaded stay as they are.
 */
export function useMoveBoardLead(params: BoardParams, onFailure: (error: unknown) => void) {
  const client = useQueryClient();
  const key = crmKeys.board(params);
  return useMutation({
    mutationFn: ({ lead, to }: { lead: LeadCardDto; to: LeadStage }) =>
      crmApi.moveLead(lead.id, to),
    onMutate: async ({ lead, to }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<BoardDto>(key);
      client.setQueryData<BoardDto>(key, (board) => board && withMovedLead(board, lead, to));
      return { before };
    },
    onError: (error, _variables, result) => {
      if (result?.before) client.setQueryData(key, result.before);
      onFailure(error);
    },
    onSuccess: async (_moved, { lead }) => {
      void client.invalidateQueries({ queryKey: crmKeys.leadLists() });
      void client.invalidateQueries({ queryKey: crmKeys.lead(lead.id) });
      try {
        const { counts, totals } = await crmApi.pipeline(params);
        client.setQueryData<BoardDto>(key, (board) => board && { ...board, counts, totals });
      } catch {
        // The cards are already right; the sums catch up on the next load.
      }
    },
  });
}

/** The next page of one board column, appended to the cached board; a failure leaves the button to try again. */
export function useLoadMoreBoardColumn(params: BoardParams) {
  const client = useQueryClient();
  const key = crmKeys.board(params);
  return useMutation({
    mutationFn: ({ stage, cursor }: { stage: LeadStage; cursor: string }) =>
      crmApi.listLeads({
        stage,
        owner: params.owner,
        wonPeriod: stage === "Won" ? params.wonPeriod : undefined,
        cursor,
      }),
    onSuccess: (page, { stage }) =>
      client.setQueryData<BoardDto>(
        key,
        (board) =>
          board && {
            ...board,
            leads: { ...board.leads, [stage]: [...board.leads[stage], ...page.leads] },
            cursors: { ...board.cursors, [stage]: page.next_cursor },
          },
      ),
  });
}

/** Saves the stage age limits; the boards and lists reload, since staleness marks depend on them. */
export function useSaveCrmSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TCrmSettings) => crmApi.updateSettings(settings),
    onSuccess: (saved) => {
      client.setQueryData(crmKeys.settings(), saved);
      void client.invalidateQueries({ queryKey: crmKeys.boards() });
      void client.invalidateQueries({ queryKey: crmKeys.leadLists() });
    },
  });
}
