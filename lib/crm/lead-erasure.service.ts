import "server-only";
import { appError } from "@/lib/http/server-message";
import type { StaffSession } from "@/lib/staff/session.service";
import { assertManager } from "@/lib/staff/staff-access.service";
import { eraseLeadData, selectLeadsInactiveSince } from "./lead-erasure.repo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The right to be forgotten: removes a lead's personal data (see lead-erasure.repo.ts for what goes). */
export async function eraseLead(
  id: string,
  session: StaffSession,
): Promise<{ erased: true; id: string }> {
  assertManager(session);
  if (!UUID.test(id) || !(await eraseLeadData(id, session.actorName)))
    throw appError("not_found", "noLead");
  return { erased: true, id };
}

/**
 * The retention rule for CRM records (lib/privacy/retention.ts): every lead with no activity since
 * `cutoff` goes through the same erasure as a manager's request, recorded as done by the system.
 * Returns the ids erased.
 */
export async function eraseLeadsInactiveSince(cutoff: Date): Promise<string[]> {
  const erased: string[] = [];
  for (;;) {
    const batch = await selectLeadsInactiveSince(cutoff, 200);
    if (batch.length === 0) return erased;
    for (const id of batch)
      if (
        await eraseLeadData(
          id,
          "system",
          "Personal data erased: no activity within the retention period.",
        )
      )
        erased.push(id);
  }
}
