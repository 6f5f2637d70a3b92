import "server-only";
import type { NextRequest } from "next/server";
import { assertNoBody, readJsonBody } from "@/lib/http/parse";
import { appError } from "@/lib/http/server-message";
import type { LeadStage } from "./crm.schema";
import { ZLostMove, type TLostMove } from "./lost-reasons";

const LOST_MOVE_MAX_BYTES = 4096;

/**
 * The move's body: for Lost the reason (its absence is a 400 naming the field, not a 415), for any other stage
 * none at all, as before Lost needed a reason.
 */
export async function readMoveBody(
  request: NextRequest,
  stage: LeadStage,
): Promise<TLostMove | undefined> {
  if (stage !== "Lost") {
    await assertNoBody(request);
    return undefined;
  }
  const hasBody =
    request.headers.has("content-type") || Number(request.headers.get("content-length") ?? 0) > 0;
  if (!hasBody)
    throw appError("validation", "lostNeedsReason", {
      fields: { reason: ["Say why the deal was lost."] },
    });
  return readJsonBody(request, ZLostMove, { maxBytes: LOST_MOVE_MAX_BYTES });
}
