import "server-only";
import type { StaffDirectoryEntryDto } from "./account-directory.schema";
import {
  selectActiveAccount,
  selectActiveAccounts,
  selectActiveMailboxes,
  selectActiveMailboxesByRole,
  selectAllAccounts,
} from "./account-directory.repo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every active account, by name: the people a lead or a task can be given to. */
export function listActiveAccounts(): Promise<StaffDirectoryEntryDto[]> {
  return selectActiveAccounts();
}

/**
 * Every account by name, deactivated ones too, each saying whether it is active: for a screen that still
 * names a colleague who has left (a meeting type's hosts) and must say so.
 */
export function listAccountsWithStatus(): Promise<
  (StaffDirectoryEntryDto & { active: boolean })[]
> {
  return selectAllAccounts();
}

/** The active account with this id; null when there is none or it is deactivated. */
export async function findActiveAccount(id: string): Promise<StaffDirectoryEntryDto | null> {
  return UUID.test(id) ? selectActiveAccount(id) : null;
}

export interface StaffMailbox {
  id: string;
  email: string;
  lang: "es" | "en";
}

const toMailbox = (row: { id: string; email: string; lang: string }): StaffMailbox => ({
  id: row.id,
  email: row.email,
  lang: row.lang === "en" ? "en" : "es",
});

/** The active accounts among `ids` (deactivated ones and unknown ids are left out), with their language. */
export async function findActiveMailboxes(
  ids: (string | null | undefined)[],
): Promise<StaffMailbox[]> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && UUID.test(id)))];
  return wanted.length ? (await selectActiveMailboxes(wanted)).map(toMailbox) : [];
}

/** Every active owner, with their language (the daily digest goes to each). */
export async function findActiveOwnerMailboxes(): Promise<StaffMailbox[]> {
  return (await selectActiveMailboxesByRole("owner")).map(toMailbox);
}
