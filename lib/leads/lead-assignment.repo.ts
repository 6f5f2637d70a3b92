import "server-only";
import type { DbClient } from "@/lib/db";

/**
 * The owner of the next new lead: the active sales accounts that have signed in at least once (an invite
 * nobody took up gets no leads), in order of id, take turns by the next number of one PostgreSQL sequence.
 * Every app instance draws from the same sequence, so leads created at the same moment still go to
 * different people in turn; and a draw never waits for another transaction, which a locked "whose turn"
 * row did until each lead's transaction committed (docs/decisions/030-lead-turns-from-a-sequence.md).
 */
export async function takeSalesTurn(client: DbClient): Promise<string | null> {
  const [next] = await client.$queryRaw<{ id: string }[]>`
    WITH turn AS (SELECT nextval('lead_assignment_turn_seq') AS number),
    eligible AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS position, count(*) OVER () AS total
        FROM staff_accounts
       WHERE role = 'sales'::"StaffRole" AND active AND last_sign_in_at IS NOT NULL
    )
    SELECT eligible.id::text AS id
      FROM eligible, turn
     WHERE eligible.position = (turn.number - 1) % eligible.total`;
  return next?.id ?? null;
}
