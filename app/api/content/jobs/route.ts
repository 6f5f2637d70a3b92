// GET /api/content/jobs?status=: the job postings (staff). POST: start a draft (managers and owners).
import * as service from "@/lib/content/job.service";
import * as contracts from "@/lib/content/jobs.contract";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  GET: staffRoute(contracts.listJobs, async (_request, { query, reply }) =>
    reply(200, { ...(await service.listJobs(query)), next_cursor: null }),
  ),
  POST: staffRoute(contracts.createJob, async (_request, { body, session, reply }) =>
    reply(201, await service.createJob(body, session)),
  ),
});
