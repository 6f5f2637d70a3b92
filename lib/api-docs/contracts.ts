/**
 * Every endpoint the app serves, from each feature's contract module. The OpenAPI document, the contract
 * test and the hostile-input test all walk this list; a route file without a contract here fails them.
 */
import { ANALYTICS_CONTRACTS } from "@/lib/analytics/analytics.contract";
import { SALES_CONTRACTS } from "@/lib/analytics/sales.contract";
import { BOOKING_CONTRACTS } from "@/lib/booking/booking.contract";
import { CONTENT_CONTRACTS } from "@/lib/content/content.contract";
import { JOB_CONTRACTS } from "@/lib/content/jobs.contract";
import { CRM_CONTRACTS } from "@/lib/crm/crm.contract";
import { LEAD_WORKSPACE_CONTRACTS } from "@/lib/crm/lead-workspace.contract";
import type { Contract } from "@/lib/http/contract";
import { LEADS_CONTRACTS } from "@/lib/leads/leads.contract";
import { MEETINGS_CONTRACTS } from "@/lib/meetings/meetings.contract";
import { STAFF_MEETINGS_CONTRACTS } from "@/lib/meetings/staff-meetings.contract";
import { OUTBOX_CONTRACTS } from "@/lib/mail/outbox.contract";
import { NOTIFICATION_CONTRACTS } from "@/lib/notifications/notifications.contract";
import { PLATFORM_CONTRACTS } from "@/lib/platform/platform.contract";
import { PROPOSAL_CONTRACTS } from "@/lib/proposals/proposals.contract";
import { STAFF_CONTRACTS } from "@/lib/staff/staff.contract";

export const API_CONTRACTS: readonly Contract[] = [
  ...LEADS_CONTRACTS,
  ...ANALYTICS_CONTRACTS,
  ...SALES_CONTRACTS,
  ...BOOKING_CONTRACTS,
  ...PLATFORM_CONTRACTS,
  ...PROPOSAL_CONTRACTS,
  ...CRM_CONTRACTS,
  ...LEAD_WORKSPACE_CONTRACTS,
  ...STAFF_CONTRACTS,
  ...OUTBOX_CONTRACTS,
  ...NOTIFICATION_CONTRACTS,
  ...CONTENT_CONTRACTS,
  ...JOB_CONTRACTS,
  ...MEETINGS_CONTRACTS,
  ...STAFF_MEETINGS_CONTRACTS,
];
