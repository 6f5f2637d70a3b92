/** Public lead submissions (lib/http/contract.ts). */
import { defineContract, errorAnswer, ZOk, zIdOut } from "@/lib/http/contract";
import { LEAD_BODY_MAX_BYTES, ZLeadSubmissionRequest } from "./lead-submission.schema";

export const submitLead = defineContract({
  operationId: "submitLead",
  method: "POST",
  path: "/api/leads",
  tag: "leads",
  access: "public",
  summary: "Submit a lead (the questionnaire, the contact form, or any client of this API).",
  description:
    "Idempotent on `submission_id` or the `Idempotency-Key` header; without either, an identical body for the same e-mail within 10 minutes is the same submission. The `id` answered is the **submission's** id (one lead gathers every submission from its e-mail): it is not a lead id, and GET /api/crm/leads/{id} answers 404 for it. A submission held for review is answered the same way.",
  body: {
    schema: ZLeadSubmissionRequest,
    maxBytes: LEAD_BODY_MAX_BYTES,
    example: {
      name: "Lucía Fernández",
      email: "lucia@clinica-norte.example",
      phone: "+34 600 000 123",
      company: "Clínica Norte",
      headquarters: "Bilbao, España",
      employees_range: "51–200",
      industry: "Healthcare",
      role: "CIO",
      uses_ai: "No",
      data_storage: "Hybrid",
      has_data_team: "Yes",
      areas: ["process automation"],
      challenge: "We miss calls.",
      timeline: "3–6 months",
      budget: "$25k–$100k",
      preferred_contact: "Email",
      message: "We would like an AI receptionist.",
      website: "clinica-norte.example",
      lang: "en",
    },
  },
  responses: {
    201: {
      description: "Stored (or held for review).",
      schema: ZOk.extend({
        id: zIdOut.meta({ description: "The submission's id (not the lead's)." }),
      }).meta({ id: "LeadSubmissionAccepted" }),
    },
    429: errorAnswer("Too many submissions from this address.", {
      "Retry-After": "Seconds to wait before trying again.",
    }),
  },
});

export const LEADS_CONTRACTS = [submitLead];
