// lint-as: lib/staff/lead-count.service.ts
// Staff accounts sit below the CRM: staff may not ask the CRM anything.
import { getLead } from "@/lib/crm/lead.service";
export const load = getLead;
