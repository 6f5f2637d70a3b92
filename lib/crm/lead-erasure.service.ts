import "server-only";
import { AppError } from "@/lib/http/app-error";
import type { StaffSession } from "@/lib/staff/session.service";
import { assertManager } from "@/lib/staff/staff-roles";
import { eraseLeadData } from "./lead-erasure.repo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The right to be forgotten: removes a lead's personal data (see lead-erasure.repo.ts for what goes). */
export async function eraseLead(
  id: string,
  session: StaffSession,
): Promise<{ erased: true; id: string }> {
  assertManager(session);
  if (!UUID.test(id) || !(await eraseLeadData(id, session.actorName)))
    throw new AppError("not_found", "There is no lead with this id.");
  return { erased: true, id };
}
