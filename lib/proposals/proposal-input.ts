import type { NextRequest } from "next/server";
import { z } from "zod";
import { AppError } from "@/lib/http/app-error";
import { readJsonBody } from "@/lib/http/parse";
import { PROPOSAL_BODY_MAX_BYTES } from "./proposal.schema";

/**
 * Reads a proposal body and validates it, naming each bad field by its full path
 * ("data.investment.items.0.amount"), since proposal data nests several levels deep.
 */
export async function readProposalBody<T extends z.ZodType>(
  request: NextRequest,
  schema: T,
): Promise<z.infer<T>> {
  const json = await readJsonBody(request, z.unknown(), { maxBytes: PROPOSAL_BODY_MAX_BYTES });
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".") || "body";
    (fields[path] ??= []).push(issue.message);
  }
  const first = Object.keys(fields)[0]!;
  throw new AppError("validation", `${first}: ${fields[first]![0]}`, { fields });
}
