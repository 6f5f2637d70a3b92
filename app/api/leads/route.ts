// POST /api/leads: a public lead submission (the /optin questionnaire, the home contact form, or any client of the documented API).
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/http/parse";
import { methods, route } from "@/lib/http/route";
import { captureLead } from "@/lib/leads/lead-capture.service";
import { LEAD_BODY_MAX_BYTES, ZLeadSubmissionRequest } from "@/lib/leads/lead-submission.schema";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route("leads.capture", async (request, { client }) => {
    const body = await readJsonBody(request, ZLeadSubmissionRequest, {
      maxBytes: LEAD_BODY_MAX_BYTES,
    });
    const { id } = await captureLead(body, client);
    return NextResponse.json({ ok: true, id }, { status: 201 });
  }),
});
