// GET /api/crm/leads: a page of leads. POST: create a lead by hand. Contracts: lib/crm/crm.contract.ts.
import * as contracts from "@/lib/crm/crm.contract";
import { staffActor } from "@/lib/crm/crm.schema";
import { createLead, listLeads } from "@/lib/crm/lead.service";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listLeads, async (_request, { query, session, reply }) =>
    reply(200, await listLeads(query, session)),
  ),
  POST: staffRoute(contracts.createLead, async (_request, { body, session, reply }) =>
    reply(201, await createLead(body, staffActor(session.account))),
  ),
});
