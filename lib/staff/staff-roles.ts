import "server-only";
import type { StaffSession } from "./session.service";

/**
 * Who may manage the outbox and erase leads (the issue says managers and owners). Until named staff
 * accounts with roles exist, every signed-in staff member holds the one shared role, so this lets
 * any session through; once accounts land, this is the one place that checks the session's role.
 */
export function assertManager(session: StaffSession): void {
  void session;
}
