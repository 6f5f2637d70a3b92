/** The lead page's own endpoints: e-mailing a lead, and bulk changes from the list (lib/http/contract.ts). */
import { z } from "zod";
import { defineContract, errorAnswer, zIdOut, zPathId } from "@/lib/http/contract";
import { ZBulkLeadChange, ZLeadEmail } from "./lead-workspace.schema";

export const sendLeadEmail = defineContract({
  operationId: "sendLeadEmail",
  method: "POST",
  path: "/api/crm/leads/{id}/email",
  tag: "crm",
  access: "staff",
  summary: "E-mail the lead: queued in the outbox with Reply-To the sender, noted on its timeline.",
  description:
    "The message is laid out as every e-mail (in the lead's language, with the sender's name under it) and answers go to the sender's own address. The outbox delivers it and retries; the lead's `emails` show its state. 403 also for a colleague's lead under the owner's `own` visibility (audited).",
  params: zPathId,
  body: {
    schema: ZLeadEmail,
    example: { subject: "Nuestra conversación", body: "Hola Ana,\n\nGracias por su tiempo." },
  },
  responses: {
    202: {
      description: "Queued; the id is the outbox message's.",
      schema: z.object({ message_id: zIdOut }),
    },
    409: errorAnswer("The lead has no e-mail address (or its data was erased)."),
  },
});

export const bulkUpdateLeads = defineContract({
  operationId: "bulkUpdateLeads",
  method: "POST",
  path: "/api/crm/leads/bulk",
  tag: "crm",
  access: "manager",
  summary: "Assign many leads to one account and/or move them to one stage (managers and owners).",
  description:
    "At most 500 ids; at least one of `owner_id` (an active account, null: nobody) and `stage`. Each change is noted on each lead's timeline; the new owner is notified in the app and by one e-mail. Ids naming no lead are skipped; `updated` counts the leads found.",
  body: {
    schema: ZBulkLeadChange,
    maxBytes: 64 * 1024,
    example: { ids: ["00000000-0000-4000-8000-000000000000"], stage: "Discovery" },
  },
  responses: {
    200: {
      description: "How many leads were found and changed.",
      schema: z.object({ updated: z.number().int() }),
    },
  },
});

export const LEAD_WORKSPACE_CONTRACTS = [sendLeadEmail, bulkUpdateLeads];
