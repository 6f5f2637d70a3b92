// POST /api/leads: a public lead submission (contract: lib/leads/leads.contract.ts).
import { methods, route } from "@/lib/http/route";
import { captureLead } from "@/lib/leads/lead-capture.service";
import { submitLead } from "@/lib/leads/leads.contract";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(submitLead, async (_request, { body, client, reply }) => {
    const { id } = await captureLead(body, client);
    return reply(201, { ok: true, id });
  }),
});
