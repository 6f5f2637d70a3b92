"use client";

// The meetings screens' query keys and the mutations behind them (decision 015): screens never call
// staffMeetingsApi directly.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  MeetingOutcome,
  StaffMeetingDto,
  TAvailabilityUpdate,
  TCreateMeetingType,
  TStaffMeetingsQuery,
  TUpdateMeetingType,
} from "@/lib/meetings/staff-meetings.schema";
import { staffMeetingsApi } from "./staff-meetings-api";

type MeetingList = { data: StaffMeetingDto[]; truncated: boolean };

export const meetingKeys = {
  all: ["meetings"] as const,
  lists: () => ["meetings", "list"] as const,
  list: (query: TStaffMeetingsQuery) => ["meetings", "list", query] as const,
  types: () => ["meetings", "types"] as const,
  availability: (account: string | undefined) => ["meetings", "availability", account] as const,
};

export const meetingQueries = {
  list: (query: TStaffMeetingsQuery) =>
    queryOptions({
      queryKey: meetingKeys.list(query),
      queryFn: () => staffMeetingsApi.list(query),
    }),
  types: () =>
    queryOptions({ queryKey: meetingKeys.types(), queryFn: () => staffMeetingsApi.types() }),
  availability: (account?: string) =>
    queryOptions({
      queryKey: meetingKeys.availability(account),
      queryFn: () => staffMeetingsApi.availability(account),
    }),
};

/**
 * Records an outcome at once in every cached list (rolled back if the server refuses), then reloads the
 * lists and, for a lead's meeting, that lead's page and timeline (the stage may have moved).
 */
export function useMeetingOutcome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ meeting, outcome }: { meeting: StaffMeetingDto; outcome: MeetingOutcome }) =>
      staffMeetingsApi.setOutcome(meeting.id, outcome),
    onMutate: async ({ meeting, outcome }) => {
      await client.cancelQueries({ queryKey: meetingKeys.lists() });
      const before = client.getQueriesData<MeetingList>({ queryKey: meetingKeys.lists() });
      client.setQueriesData<MeetingList>({ queryKey: meetingKeys.lists() }, (list) =>
        list
          ? {
              ...list,
              data: list.data.map((item) => (item.id === meeting.id ? { ...item, outcome } : item)),
            }
          : list,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: (_data, _error, { meeting }) => {
      void client.invalidateQueries({ queryKey: meetingKeys.lists() });
      if (meeting.lead)
        void client.invalidateQueries({ queryKey: ["crm", "lead", meeting.lead.id] });
    },
  });
}

/** Hands a meeting whose host has left to a colleague, then reloads the lists and the lead's timeline. */
export function useHandOverMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ meeting, hostId }: { meeting: StaffMeetingDto; hostId: string }) =>
      staffMeetingsApi.handOver(meeting.id, hostId),
    onSettled: (_data, _error, { meeting }) => {
      void client.invalidateQueries({ queryKey: meetingKeys.lists() });
      if (meeting.lead)
        void client.invalidateQueries({ queryKey: ["crm", "lead", meeting.lead.id] });
    },
  });
}

export function useSaveMeetingType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: string; patch: TUpdateMeetingType } | { create: TCreateMeetingType },
    ) =>
      "create" in input
        ? staffMeetingsApi.createType(input.create)
        : staffMeetingsApi.updateType(input.id, input.patch),
    onSuccess: () => client.invalidateQueries({ queryKey: meetingKeys.types() }),
  });
}

export function useSaveAvailability(account: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAvailabilityUpdate) => staffMeetingsApi.saveAvailability(body, account),
    onSuccess: (saved) => client.setQueryData(meetingKeys.availability(account), saved),
  });
}
