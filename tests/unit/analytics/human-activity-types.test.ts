import { describe, expect, it } from "vitest";
import { HUMAN_ACTIVITY_TYPES } from "@/lib/analytics/sales.schema";
import { STAFF_ACTIVITY_TYPES } from "@/lib/crm/crm.schema";

describe("human activity types", () => {
  it("are exactly the entries staff may write, so first response ignores the system's records", () => {
    expect([...HUMAN_ACTIVITY_TYPES].sort()).toEqual([...STAFF_ACTIVITY_TYPES].sort());
  });
});
