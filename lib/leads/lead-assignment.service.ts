import "server-only";
import { db, inTransaction, type DbClient } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { takeSalesTurn } from "./lead-assignment.repo";

/** Whether new leads go round the active sales accounts in turn (docs/product.md#crm: round-robin). */
export function isRoundRobinOn(): boolean {
  return serverEnv().LEADS_ROUND_ROBIN !== "off";
}

/**
 * The owner of a lead being created now, or null (round-robin off, or nobody to give it to). Given the
 * creating transaction, the turn is taken in it: the lead and the turn commit together.
 */
export async function pickNewLeadOwner(client: DbClient = db): Promise<string | null> {
  if (!isRoundRobinOn()) return null;
  return inTransaction((tx) => takeSalesTurn(tx), client);
}
