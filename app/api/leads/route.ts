// POST /api/leads: a public lead submission (the /optin questionnaire or the home contact form).
import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import { parseInput, readJsonBody } from "@/lib/http/parse";
import { route } from "@/lib/http/route";
import { captureLead } from "@/lib/leads/lead-capture.service";
import {
  LEAD_BODY_MAX_BYTES,
  ZLeadSubmissionRequest,
  ZSubmissionId,
} from "@/lib/leads/lead-submission.schema";

export const POST = route("leads.capture", async (request: NextRequest) => {
  const body = await readJsonBody(request, ZLeadSubmissionRequest, {
    maxBytes: LEAD_BODY_MAX_BYTES,
  });
  const idempotencyHeader = request.headers.get("idempotency-key");
  const { id } = await captureLead(body, {
    clientAddress: clientAddress(request.headers, serverEnv().TRUSTED_PROXY_HOPS),
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    referrer: request.headers.get("referer")?.slice(0, 1000) ?? null,
    idempotencyKey: idempotencyHeader ? parseInput(ZSubmissionId, idempotencyHeader) : null,
  });
  return NextResponse.json({ ok: true, id }, { status: 201 });
});
