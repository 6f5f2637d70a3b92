import type { NextRequest } from "next/server";
import { z } from "zod";
import { readJsonBody } from "@/lib/http/parse";
import { PROPOSAL_BODY_MAX_BYTES } from "./proposal.schema";

/**
 * Reads a proposal body (larger than the default cap) and validates it; each bad field is named by its
 * full path ("data.investment.items.0.amount"), as every validation error is (lib/http/validation.ts).
 */
export async function readProposalBody<T extends z.ZodType>(
  request: NextRequest,
  schema: T,
): Promise<z.infer<T>> {
  return readJsonBody(request, schema, { maxBytes: PROPOSAL_BODY_MAX_BYTES });
}
