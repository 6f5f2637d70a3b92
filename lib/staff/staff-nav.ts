/** The staff shell's navigation: every staff tool and the least role that may open it. Safe for client code. */
import { roleAtLeast, type StaffRole } from "./roles";

export const STAFF_NAV_KEYS = [
  "leads",
  "pipeline",
  "tasks",
  "meetings",
  "proposals",
  "newProposal",
  "analytics",
  "review",
  "content",
  "outbox",
  "accounts",
] as const;
export type StaffNavKey = (typeof STAFF_NAV_KEYS)[number];

export interface StaffNavItem {
  key: StaffNavKey;
  href: string;
}

/**
 * The least role each tool opens for; the pages and the API check the same roles again on the server.
 * Needs review is open to everyone on the staff (its API is), so it is listed for every role.
 */
const NAV: readonly (StaffNavItem & { role: StaffRole })[] = [
  { key: "leads", href: "/crm", role: "sales" },
  { key: "pipeline", href: "/crm?tab=pipeline", role: "sales" },
  { key: "tasks", href: "/crm?tab=tasks", role: "sales" },
  { key: "meetings", href: "/crm/meetings", role: "sales" },
  { key: "proposals", href: "/crm/proposals", role: "sales" },
  { key: "newProposal", href: "/proposal/new", role: "sales" },
  { key: "analytics", href: "/analytics", role: "sales" },
  { key: "review", href: "/crm/review", role: "sales" },
  { key: "content", href: "/crm/content", role: "sales" },
  { key: "outbox", href: "/crm/outbox", role: "manager" },
  { key: "accounts", href: "/crm/accounts", role: "owner" },
];

/** The tools a role may open, in the navigation's order. */
export function staffNavFor(role: StaffRole): StaffNavItem[] {
  return NAV.filter((item) => roleAtLeast(role, item.role)).map(({ key, href }) => ({ key, href }));
}

/**
 * How the navigation marks an item for the address shown: "page" for the page itself, "true" for the
 * section a page belongs to (a stored proposal under Proposals), else nothing. The CRM's tabs live in `?tab=`.
 */
export function currentOf(
  href: string,
  pathname: string,
  tab: string | null,
): "page" | "true" | undefined {
  const [path, query] = href.split("?");
  if (path === pathname) {
    if (path !== "/crm") return "page";
    const itemTab = new URLSearchParams(query ?? "").get("tab") ?? "leads";
    return itemTab === (tab || "leads") ? "page" : undefined;
  }
  if (path === "/crm/proposals" && pathname.startsWith("/proposal/db/")) return "true";
  if (path === "/crm/content" && pathname.startsWith("/crm/content/")) return "true";
  if (path === "/crm/meetings" && pathname.startsWith("/crm/meetings/")) return "true";
  return undefined;
}
