// GET /api/content/jobs/{id}/revisions: every revision of a job posting, newest first.
import * as service from "@/lib/content/job.service";
import * as contracts from "@/lib/content/jobs.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listJobRevisions, async (_request, { params, reply }) =>
    reply(200, await service.listJobRevisions(params.id)),
  ),
});
