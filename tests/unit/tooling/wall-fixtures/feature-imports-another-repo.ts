// lint-as: lib/proposals/lead-page.service.ts
// A feature's repos are private to it, whatever the direction.
import { selectLeadPage } from "@/lib/crm/lead.repo";
export const page = selectLeadPage;
