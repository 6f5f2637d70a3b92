/** Staff roles, strongest first (docs/product.md#staff-accounts). Safe to import from client code. */
export const STAFF_ROLES = ["owner", "manager", "sales"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const RANK: Record<StaffRole, number> = { owner: 3, manager: 2, sales: 1 };

/** Whether a role may do what `required` may: owner ⊃ manager ⊃ sales. */
export function roleAtLeast(role: StaffRole, required: StaffRole): boolean {
  return RANK[role] >= RANK[required];
}
