// lint-as: lib/proposals/lead-csv.service.ts
// Proposals may use the CRM, but only its services and schemas, not an inner helper.
import { toLeadsCsv } from "@/lib/crm/leads-csv";
export const csv = toLeadsCsv;
