import "server-only";
import type { StaffDirectoryEntryDto } from "./account-directory.schema";
import { selectActiveAccount, selectActiveAccounts } from "./account-directory.repo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every active account, by name: the people a lead or a task can be given to. */
export function listActiveAccounts(): Promise<StaffDirectoryEntryDto[]> {
  return selectActiveAccounts();
}

/** The active account with this id; null when there is none or it is deactivated. */
export async function findActiveAccount(id: string): Promise<StaffDirectoryEntryDto | null> {
  return UUID.test(id) ? selectActiveAccount(id) : null;
}
