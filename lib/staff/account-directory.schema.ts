import type { StaffRole } from "./roles";

/** An active staff account as pickers and owner labels show it (GET /api/staff/directory). */
export interface StaffDirectoryEntryDto {
  id: string;
  name: string;
  role: StaffRole;
}
