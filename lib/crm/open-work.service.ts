import "server-only";
import { countUpcomingMeetingsByHost } from "@/lib/meetings/staff-meetings.service";
import { listAccountsWithStatus } from "@/lib/staff/account-directory.service";
import type { StaffDirectoryEntryDto } from "@/lib/staff/account-directory.schema";
import { selectOpenWork } from "./open-work.repo";
import type { OpenWork } from "./open-work.schema";

/**
 * What each account still has open (leads not Won or Lost, tasks not done, meetings still to come), by
 * account id; accounts with nothing open are left out. The accounts page shows it for a deactivated
 * account, whose work would otherwise sit unseen under a name nobody signs in as
 * (docs/product.md#staff-accounts).
 */
export async function openWorkByAccount(
  accountIds: string[],
  now = new Date(),
): Promise<Record<string, OpenWork>> {
  const [work, meetings] = await Promise.all([
    selectOpenWork(accountIds),
    countUpcomingMeetingsByHost(accountIds, now),
  ]);
  const open: Record<string, OpenWork> = {};
  for (const id of new Set([...work.keys(), ...meetings.keys()]))
    open[id] = { leads: 0, tasks: 0, ...work.get(id), meetings: meetings.get(id) ?? 0 };
  return open;
}

/**
 * Deactivated accounts that still own open leads or have open tasks, by name: the CRM's owner and
 * assignee filters list them so a manager can find that work and hand it over.
 */
export async function listFormerColleaguesWithOpenWork(): Promise<StaffDirectoryEntryDto[]> {
  const former = (await listAccountsWithStatus()).filter((account) => !account.active);
  const work = await selectOpenWork(former.map((account) => account.id));
  return former
    .filter((account) => work.has(account.id))
    .map(({ id, name, role }) => ({ id, name, role }));
}
