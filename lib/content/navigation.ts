/** Nav items, in header order. Every id is a home-page section except careers, its own page. */
export const NAV_ITEMS = [
  "solutions",
  "expertise",
  "process",
  "cases",
  "insights",
  "faq",
  "careers",
  "contact",
] as const;
export type NavItemId = (typeof NAV_ITEMS)[number];

/** Where a nav item leads, without locale prefix: a home-page anchor, or the careers page. */
export function navItemPath(id: NavItemId): string {
  if (id === "careers") return "/careers";
  // "Contact" opens our own contact form, not the closing banner below it.
  if (id === "contact") return "/#lead_form";
  return `/#${id}`;
}
