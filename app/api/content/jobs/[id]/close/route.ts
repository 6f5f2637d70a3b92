// POST /api/content/jobs/{id}/close: close a job; its page says so (managers and owners).
import * as service from "@/lib/content/job.service";
import * as contracts from "@/lib/content/jobs.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.closeJob, async (_request, { params, session, reply }) =>
    reply(200, await service.closeJob(params.id, session)),
  ),
});
