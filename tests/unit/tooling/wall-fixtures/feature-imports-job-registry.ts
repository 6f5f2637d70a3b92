// lint-as: lib/proposals/worker-start.service.ts
// The job registry sits above the features whose handlers it runs: no feature imports it.
import { JOB_HANDLERS } from "@/lib/jobs/registry";
export const handlers = JOB_HANDLERS;
