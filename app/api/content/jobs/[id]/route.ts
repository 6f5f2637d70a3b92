// GET /api/content/jobs/{id}: one job posting (staff). PATCH: change it (managers and owners).
import * as service from "@/lib/content/job.service";
import * as contracts from "@/lib/content/jobs.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.getJob, async (_request, { params, reply }) =>
    reply(200, await service.getJob(params.id)),
  ),
  PATCH: staffRoute(contracts.updateJob, async (_request, { params, body, session, reply }) =>
    reply(200, await service.updateJob(params.id, body, session)),
  ),
});
