// POST /api/content/jobs/{id}/revisions/{rev}/restore: bring a revision's words and facts back as a new one.
import * as service from "@/lib/content/job.service";
import * as contracts from "@/lib/content/jobs.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.restoreJobRevision, async (_request, { params, session, reply }) =>
    reply(200, await service.restoreJobRevision(params.id, params.rev, session)),
  ),
});
