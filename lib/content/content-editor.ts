/**
 * Who is changing content: the part of a staff session this feature reads (lib/staff sits above
 * lib/content, so the session is described here and the staff routes hand theirs in).
 */
export interface ContentEditor {
  account: { id: string; role: "owner" | "manager" | "sales" };
}
