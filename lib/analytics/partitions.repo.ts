import "server-only";
import { db } from "@/lib/db";

/**
 * Makes sure the monthly partition of analytics_events holding each given UTC month exists (the
 * migration's `analytics_events_ensure_partition`, which also moves that month's rows out of the
 * default partition). Returns the months it created, as YYYY-MM.
 */
export async function ensureMonthlyPartitions(monthStarts: string[]): Promise<string[]> {
  const created: string[] = [];
  for (const month of monthStarts) {
    const rows = await db.$queryRaw<{ created: boolean }[]>`
      SELECT analytics_events_ensure_partition(${month}::date) AS created`;
    if (rows[0]?.created) created.push(month.slice(0, 7));
  }
  return created;
}
