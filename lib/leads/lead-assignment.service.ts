import "server-only";
import { db, type DbClient } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { takeSalesTurn } from "./lead-assignment.repo";

/** Whether new leads go round the active sales accounts in turn (docs/product.md#crm: round-robin). */
export function isRoundRobinOn(): boolean {
  return serverEnv().LEADS_ROUND_ROBIN !== "off";
}

/**
 * The owner of a lead being created now, or null (round-robin off, or nobody to give it to). A turn is
 * a sequence number, spent even if the creating transaction rolls back (the rotation then skips one).
 */
export async function pickNewLeadOwner(client: DbClient = db): Promise<string | null> {
  if (!isRoundRobinOn()) return null;
  return takeSalesTurn(client);
}
