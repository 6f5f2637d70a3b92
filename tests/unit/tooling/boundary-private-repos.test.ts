import { describe, expect, it } from "vitest";
import { BOUNDARY_RULE, ruleIdsFor } from "@/tests/support/lint";

describe("boundary: a feature's repos are private to that feature", { timeout: 60_000 }, () => {
  const code = `import { selectLeadPage } from "@/lib/crm/lead.repo";\nexport const f = selectLeadPage;\n`;

  it("fails lint when another feature imports the repo", async () => {
    expect(await ruleIdsFor("lib/proposals/lead-lookup.service.ts", code)).toContain(BOUNDARY_RULE);
  });

  it("lets the feature's own services import it", async () => {
    expect(await ruleIdsFor("lib/crm/lead-lookup.service.ts", code)).not.toContain(BOUNDARY_RULE);
  });
});
