// The staff shell's navigation: what each role is offered, and which item the address marks as current.
import { describe, expect, it } from "vitest";
import { currentOf, staffNavFor } from "@/lib/staff/staff-nav";

const keys = (role: "owner" | "manager" | "sales") => staffNavFor(role).map((item) => item.key);

describe("staffNavFor", () => {
  it("offers sales the tools every role opens, managers the outbox too, and owners the accounts", () => {
    const common = [
      "leads",
      "pipeline",
      "tasks",
      "meetings",
      "proposals",
      "newProposal",
      "analytics",
      "review",
      "content",
    ];
    expect(keys("sales")).toEqual(common);
    expect(keys("manager")).toEqual([...common, "outbox"]);
    expect(keys("owner")).toEqual([...common, "outbox", "accounts"]);
  });

  it("links the CRM's tabs by their address", () => {
    const hrefs = Object.fromEntries(staffNavFor("sales").map((item) => [item.key, item.href]));
    expect(hrefs).toMatchObject({
      leads: "/crm",
      pipeline: "/crm?tab=pipeline",
      tasks: "/crm?tab=tasks",
      proposals: "/crm/proposals",
    });
  });
});

describe("currentOf", () => {
  it("marks the CRM tab the address names, Leads when it names none", () => {
    expect(currentOf("/crm", "/crm", null)).toBe("page");
    expect(currentOf("/crm/meetings", "/crm/meetings/types", null)).toBe("true");
    expect(currentOf("/crm", "/crm", "pipeline")).toBeUndefined();
    expect(currentOf("/crm?tab=pipeline", "/crm", "pipeline")).toBe("page");
    expect(currentOf("/crm?tab=tasks", "/crm", null)).toBeUndefined();
  });

  it("marks other pages by path, and Proposals as the section of a stored proposal", () => {
    expect(currentOf("/analytics", "/analytics", null)).toBe("page");
    expect(currentOf("/crm", "/crm/proposals", null)).toBeUndefined();
    expect(currentOf("/crm/proposals", "/crm/proposals", null)).toBe("page");
    expect(currentOf("/crm/proposals", "/proposal/db/abc", null)).toBe("true");
    expect(currentOf("/proposal/new", "/proposal/db/abc", null)).toBeUndefined();
  });
});
