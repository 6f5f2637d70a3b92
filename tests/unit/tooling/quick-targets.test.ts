import { describe, expect, it } from "vitest";
import { integrationTargets } from "@/scripts/lib/quick-targets";

const FOLDERS = ["analytics", "content", "crm", "db", "jobs", "meetings", "platform", "proposals"];

describe("test:quick's integration targets", () => {
  it("runs the feature folder of each changed file, once", () => {
    expect(
      integrationTargets(
        ["lib/crm/lead.service.ts", "app/api/crm/leads/route.ts", "components/proposals/x.tsx"],
        FOLDERS,
      ),
    ).toEqual({ everything: false, folders: ["crm", "proposals"] });
  });

  it("runs the folder a feature is tested under when its code lives under another name", () => {
    expect(integrationTargets(["lib/booking/slots.ts", "lib/outbox/drain.ts"], FOLDERS)).toEqual({
      everything: false,
      folders: ["jobs", "meetings"],
    });
  });

  it("runs a changed integration test's own folder", () => {
    expect(integrationTargets(["tests/integration/analytics/rollup.test.ts"], FOLDERS)).toEqual({
      everything: false,
      folders: ["analytics"],
    });
  });

  it("runs the whole suite when the change touches the database, the front door or the test support", () => {
    for (const file of [
      "prisma/migrations/0042_x/migration.sql",
      "lib/http/route.ts",
      "lib/db.ts",
      "tests/support/database.ts",
      "package.json",
    ])
      expect(integrationTargets(["lib/crm/a.ts", file], FOLDERS)).toEqual({
        everything: true,
        reason: file,
      });
  });

  it("runs no feature folder for a change to documents or pages alone", () => {
    expect(integrationTargets(["docs/testing.md", "app/(staff)/crm/page.tsx"], FOLDERS)).toEqual({
      everything: false,
      folders: [],
    });
  });
});
