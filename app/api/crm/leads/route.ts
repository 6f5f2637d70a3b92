// GET /api/crm/leads?stage=&q=&owner=&cursor=&sort=&won_period=: a page of leads (Won cut to a period for the pipeline). POST: create a lead by hand.
import { NextResponse } from "next/server";
import { ZCreateLead, ZLeadListQuery } from "@/lib/crm/crm.schema";
import { createLead, listLeads } from "@/lib/crm/lead.service";
import { readJsonBody } from "@/lib/http/parse";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE } = staffMethods({
  GET: staffRoute(
    "crm.leads.list",
    async (_request, { query, session }) => NextResponse.json(await listLeads(query, session)),
    { query: ZLeadListQuery },
  ),
  POST: staffRoute("crm.leads.create", async (request) =>
    NextResponse.json(await createLead(await readJsonBody(request, ZCreateLead)), { status: 201 }),
  ),
});
