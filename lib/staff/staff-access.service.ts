import "server-only";

// The staff feature's public face for other features: who is signed in and what their role allows.
export { roleAtLeast, STAFF_ROLES, type StaffRole } from "./roles";
export { staffCookieName } from "./session-cookie";
export { getStaffSession } from "./staff-page";
export { assertManager, isManager } from "./staff-roles";
