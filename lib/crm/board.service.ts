import "server-only";
import type { StaffSession } from "@/lib/staff/session.service";
import type { BoardDto } from "./board.schema";
import type { LeadStage, TOwnerFilter } from "./crm.schema";
import type { WonPeriod } from "./deal-value.schema";
import { getPipeline, listLeads } from "./lead.service";

/**
 * The pipeline board in one answer: counts and totals, and each column's first page of cards. The Won column lists
 * the deals won within the period, the same ones its count and total cover.
 */
export async function getBoard(
  owner: TOwnerFilter | undefined,
  session: StaffSession,
  wonPeriod: WonPeriod = "30d",
): Promise<BoardDto> {
  const pipeline = await getPipeline(owner, session, wonPeriod);
  const pages = await Promise.all(
    pipeline.stages.map((stage) =>
      listLeads(
        { stage, owner, q: undefined, won_period: stage === "Won" ? wonPeriod : undefined },
        session,
      ),
    ),
  );
  const byStage = <T>(pick: (index: number) => T) =>
    Object.fromEntries(pipeline.stages.map((stage, index) => [stage, pick(index)])) as Record<
      LeadStage,
      T
    >;
  return {
    ...pipeline,
    leads: byStage((index) => pages[index]!.leads),
    cursors: byStage((index) => pages[index]!.next_cursor),
  };
}
