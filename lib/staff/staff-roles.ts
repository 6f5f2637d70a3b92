import "server-only";
import { AppError } from "@/lib/http/app-error";
import { roleAtLeast } from "./roles";
import type { StaffSession } from "./session.service";

/** Whether the session may manage the outbox and erase leads (managers and owners). */
export function isManager(session: StaffSession): boolean {
  // A shared-password session counts as the owner, as in lib/staff/staff-route.ts.
  return roleAtLeast(session.account?.role ?? "owner", "manager");
}

/** The same check for services: managers and owners only. */
export function assertManager(session: StaffSession): void {
  if (!isManager(session)) throw new AppError("forbidden", "Your role does not allow this.");
}
