"use client";

// The staff proposal screens' one door to the server: query keys and the functions behind them.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { proposalStaffApi } from "./proposal-staff-api";

export const proposalKeys = {
  staffProposal: (id: string) => ["proposals", id] as const,
};

export const proposalQueries = {
  staffProposal: (id: string) =>
    queryOptions({
      queryKey: proposalKeys.staffProposal(id),
      queryFn: () => proposalStaffApi.get(id),
    }),
};

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
