// lint-as: lib/queue/lead-jobs.ts
// The queue is infrastructure: it knows no feature.
import { getLead } from "@/lib/crm/lead.service";
export const load = getLead;
