import "server-only";
import { appError } from "@/lib/http/server-message";
import { roleAtLeast } from "./roles";
import type { StaffSession } from "./session.service";

/** Whether the session may manage the outbox and erase leads (managers and owners). */
export function isManager(session: StaffSession): boolean {
  return roleAtLeast(session.account.role, "manager");
}

/** The same check for services: managers and owners only. */
export function assertManager(session: StaffSession): void {
  if (!isManager(session)) throw appError("forbidden", "roleForbids");
}
