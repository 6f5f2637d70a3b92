"use client";

// The CRM screens' one door to the server: query keys and the functions behind them. Screens never call
// crmApi directly, so a typed client can replace these bodies without touching a screen.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import type { BoardDto } from "@/lib/crm/board.schema";
import type {
  ActivityDto,
  LeadCardDto,
  LeadDetailDto,
  LeadPageDto,
  LeadStage,
  StaffActivityType,
  TaskDto,
  TaskPageDto,
  TaskStatus,
} from "@/lib/crm/crm.schema";
import type { LeadSort, TCrmSettingsPatch, WonPeriod } from "@/lib/crm/deal-value.schema";
import type { TLostMove } from "@/lib/crm/lost-reasons";
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
  leadActivities: (id: string) => ["crm", "lead", id, "activities"] as const,
  settings: () => ["crm", "settings"] as const,
  taskLists: () => ["crm", "tasks"] as const,
  taskList: (assignee: string | undefined) => ["crm", "tasks", { assignee }] as const,
  leadPicker: (q: string) => ["crm", "lead-picker", q] as const,
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
    mutationFn: ({ lead, to, lost }: { lead: LeadCardDto; to: LeadStage; lost?: TLostMove }) =>
      crmApi.moveLead(lead.id, to, lost),
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
    mutationFn: (settings: TCrmSettingsPatch) => crmApi.updateSettings(settings),
    onSuccess: (saved) => {
      client.setQueryData(crmKeys.settings(), saved);
      void client.invalidateQueries({ queryKey: crmKeys.boards() });
      void client.invalidateQueries({ queryKey: crmKeys.leadLists() });
    },
  });
}

// ---- One lead's panel -----------------------------------------------------------------------

export const leadQueries = {
  lead: (id: string) =>
    queryOptions({ queryKey: crmKeys.lead(id), queryFn: () => crmApi.getLead(id) }),
  activities: (id: string) =>
    queryOptions({
      queryKey: crmKeys.leadActivities(id),
      queryFn: () => crmApi.listActivities(id),
    }),
};

/**
 * Changes a lead's stage at once and puts it back if the server refuses; the timeline and the boards reload
 * afterwards (the move writes a stage_change entry and moves a card).
 */
export function useChangeLeadStage(
  id: string,
  {
    onShown,
    onFailure,
  }: { onShown: (lead: LeadDetailDto) => void; onFailure: (error: unknown) => void },
) {
  const client = useQueryClient();
  const key = crmKeys.lead(id);
  return useMutation({
    mutationFn: ({ stage, lost }: { stage: LeadStage; lost?: TLostMove }) =>
      crmApi.moveLead(id, stage, lost),
    onMutate: async ({ stage }) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const before = client.getQueryData<LeadDetailDto>(key);
      if (before) {
        const optimistic = { ...before, stage, days_in_stage: 0, is_stale: false };
        client.setQueryData(key, optimistic);
        onShown(optimistic);
      }
      return { before };
    },
    onError: (error, _stage, result) => {
      if (result?.before) {
        client.setQueryData(key, result.before);
        onShown(result.before);
      }
      onFailure(error);
    },
    onSuccess: (saved) => {
      const shown = client.setQueryData<LeadDetailDto>(
        key,
        (lead) => lead && { ...lead, ...saved },
      );
      if (shown) onShown(shown);
      void client.invalidateQueries({ queryKey: crmKeys.leadActivities(id) });
      void client.invalidateQueries({ queryKey: crmKeys.boards() });
    },
  });
}

/** Hands a lead to someone else (null: nobody); its timeline and the boards reload. */
export function useReassignLead(
  id: string,
  {
    onShown,
    onFailure,
  }: { onShown: (lead: LeadDetailDto) => void; onFailure: (error: unknown) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: string | null) => crmApi.reassignLead(id, ownerId),
    onSuccess: (saved) => {
      client.setQueryData(crmKeys.lead(id), saved);
      onShown(saved);
      void client.invalidateQueries({ queryKey: crmKeys.leadActivities(id) });
      void client.invalidateQueries({ queryKey: crmKeys.boards() });
    },
    onError: onFailure,
  });
}

/** Adds a timeline entry at once (as pending) and takes it back if the server refuses. */
export function useAddActivity(id: string, onFailure: (error: unknown, content: string) => void) {
  const client = useQueryClient();
  const key = crmKeys.leadActivities(id);
  return useMutation({
    mutationFn: ({ type, content }: { type: StaffActivityType; content: string }) =>
      crmApi.addActivity(id, type, content),
    onMutate: async ({ type, content }) => {
      await client.cancelQueries({ queryKey: key });
      const pending: ActivityDto = {
        id: `pending-${Date.now()}`,
        lead_id: id,
        type,
        content,
        detail: null,
        actor: null,
        created_at: new Date().toISOString(),
      };
      client.setQueryData<ActivityDto[]>(key, (activities) => [pending, ...(activities ?? [])]);
      return { pendingId: pending.id };
    },
    onSuccess: (saved, _variables, result) =>
      client.setQueryData<ActivityDto[]>(key, (activities) =>
        activities?.map((activity) => (activity.id === result.pendingId ? saved : activity)),
      ),
    onError: (error, { content }, result) => {
      client.setQueryData<ActivityDto[]>(key, (activities) =>
        activities?.filter((activity) => activity.id !== result?.pendingId),
      );
      onFailure(error, content);
    },
  });
}

/** A draft proposal drawn from the lead's answers (nothing is stored on the server). */
export function useDraftProposal(id: string) {
  return useMutation({ mutationFn: () => crmApi.draftProposal(id) });
}

/** A lead the panel changed elsewhere (its value): the panel's copy follows. */
export function setCachedLeadDetail(client: QueryClient, saved: LeadDetailDto) {
  client.setQueryData(crmKeys.lead(saved.id), saved);
}

// ---- Tasks ------------------------------------------------------------------------------------

type TaskPages = InfiniteData<TaskPageDto, string | null>;

export const taskQueries = {
  /** The task board for one assignee filter, a page at a time. */
  list: (assignee: string | undefined) =>
    infiniteQueryOptions({
      queryKey: crmKeys.taskList(assignee),
      queryFn: ({ pageParam }) => crmApi.listTasks({ assignee, cursor: pageParam }),
      initialPageParam: null as string | null,
      getNextPageParam: (page: TaskPageDto) => page.next_cursor,
      placeholderData: keepPreviousData,
    }),
  /** Leads for the task form's picker, from the server's search (any lead can be found). */
  leadPicker: (q: string) =>
    queryOptions({
      queryKey: crmKeys.leadPicker(q),
      queryFn: () => crmApi.listLeads({ q: q.trim() || undefined }),
      placeholderData: keepPreviousData,
    }),
};

function mapTasks(
  data: TaskPages | undefined,
  change: (tasks: TaskDto[], index: number) => TaskDto[],
) {
  return (
    data && {
      ...data,
      pages: data.pages.map((page, index) => ({ ...page, tasks: change(page.tasks, index) })),
    }
  );
}

/** Every cached task board with one task replaced by `change(task)`. */
export function updateCachedTask(
  client: QueryClient,
  id: string,
  change: (task: TaskDto) => TaskDto,
) {
  client.setQueriesData<TaskPages>({ queryKey: crmKeys.taskLists() }, (data) =>
    mapTasks(data, (tasks) => tasks.map((task) => (task.id === id ? change(task) : task))),
  );
}

export type NewTask = Parameters<typeof crmApi.createTask>[0];

/** Shows the new task at once (as pending) on the board in view and takes it back if the server refuses. */
export function useCreateTask(
  assignee: string | undefined,
  onFailure: (error: unknown, pending: TaskDto) => void,
) {
  const client = useQueryClient();
  const key = crmKeys.taskList(assignee);
  return useMutation({
    mutationFn: ({ task }: { task: NewTask; pending: TaskDto }) => crmApi.createTask(task),
    onMutate: async ({ pending }) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<TaskPages>(key, (data) =>
        mapTasks(data, (tasks, index) => (index === 0 ? [pending, ...tasks] : tasks)),
      );
    },
    onSuccess: (saved, { pending }) =>
      client.setQueryData<TaskPages>(key, (data) =>
        mapTasks(data, (tasks) => tasks.map((task) => (task.id === pending.id ? saved : task))),
      ),
    onError: (error, { pending }) => {
      client.setQueryData<TaskPages>(key, (data) =>
        mapTasks(data, (tasks) => tasks.filter((task) => task.id !== pending.id)),
      );
      onFailure(error, pending);
    },
  });
}

/** Moves a task to another column at once and back if the server refuses. */
export function useMoveTask(onFailure: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ task, to }: { task: TaskDto; to: TaskStatus }) => crmApi.moveTask(task.id, to),
    onMutate: async ({ task, to }) => {
      await client.cancelQueries({ queryKey: crmKeys.taskLists() });
      updateCachedTask(client, task.id, (item) => ({ ...item, status: to }));
    },
    onSuccess: (saved) => updateCachedTask(client, saved.id, () => saved),
    onError: (error, { task }) => {
      updateCachedTask(client, task.id, (item) => ({ ...item, status: task.status }));
      onFailure(error);
    },
  });
}

// ---- Forms that write -------------------------------------------------------------------------

/** Sets or clears a lead's value by hand; the panel takes the saved lead and the boards' totals reload. */
export function useSetLeadValue(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: Parameters<typeof crmApi.setLeadValue>[1]) =>
      crmApi.setLeadValue(id, value),
    onSuccess: (saved) => {
      client.setQueryData(crmKeys.lead(id), saved);
      void client.invalidateQueries({ queryKey: crmKeys.boards() });
    },
  });
}

/** Creates a lead; the boards reload (the lists are updated by the screen that shows the new lead). */
export function useCreateLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lead: Record<string, string>) => crmApi.createLead(lead),
    onSuccess: () => void client.invalidateQueries({ queryKey: crmKeys.boards() }),
  });
}

/** Creates a task from a lead's panel; the task boards reload when next shown, the lead (tasks, timeline) at once. */
export function useCreateLeadTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (task: NewTask) => crmApi.createTask(task),
    onSuccess: (_saved, task) => {
      void client.invalidateQueries({ queryKey: crmKeys.taskLists() });
      void client.invalidateQueries({ queryKey: crmKeys.lead(task.lead_id) });
    },
  });
}

/** E-mails the lead; its e-mails and timeline reload so the new message shows with its state. */
export function useSendLeadEmail(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: Parameters<typeof crmApi.sendLeadEmail>[1]) =>
      crmApi.sendLeadEmail(id, email),
    onSuccess: () => void client.invalidateQueries({ queryKey: crmKeys.lead(id) }),
  });
}

/** Assigns or moves many leads; every list, board and open lead reloads. */
export function useBulkUpdateLeads() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Parameters<typeof crmApi.bulkUpdateLeads>[0]) =>
      crmApi.bulkUpdateLeads(change),
    onSuccess: () => void client.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

/** Reassigns or reschedules a task; every cached task board shows the saved task. */
export function useChangeTask(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Parameters<typeof crmApi.changeTask>[1]) => crmApi.changeTask(id, change),
    onSuccess: (saved) => updateCachedTask(client, saved.id, () => saved),
  });
}
