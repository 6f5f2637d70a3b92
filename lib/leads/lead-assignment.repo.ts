import "server-only";
import type { DbClient } from "@/lib/db";

/**
 * Inside the caller's transaction: the next active sales account that has signed in at least once (an
 * invite nobody took up gets no leads) after the last one given a lead (by id, wrapping round), recorded as
 * the new last. The turn row is locked until the transaction ends, so leads
 * created at the same moment on different instances still go to different people in turn.
 */
export async function takeSalesTurn(tx: DbClient): Promise<string | null> {
  await tx.$executeRaw`INSERT INTO lead_assignment_turns (id) VALUES (1) ON CONFLICT (id) DO NOTHING`;
  const [turn] = await tx.$queryRaw<{ last: string | null }[]>`
    SELECT last_account_id::text AS last FROM lead_assignment_turns WHERE id = 1 FOR UPDATE`;
  const last = turn?.last ?? null;
  const [next] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM staff_accounts
     WHERE role = 'sales'::"StaffRole" AND active AND last_sign_in_at IS NOT NULL
     ORDER BY CASE WHEN ${last}::uuid IS NULL OR id > ${last}::uuid THEN 0 ELSE 1 END, id
     LIMIT 1`;
  if (!next) return null;
  await tx.$executeRaw`
    UPDATE lead_assignment_turns SET last_account_id = ${next.id}::uuid, updated_at = now() WHERE id = 1`;
  return next.id;
}
