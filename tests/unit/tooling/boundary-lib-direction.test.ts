import { describe, expect, it } from "vitest";
import { BOUNDARY_RULE, ruleIdsFor } from "@/tests/support/lint";

describe("boundary: lib/ never imports from app/ or components/", { timeout: 60_000 }, () => {
  it("fails lint when a lib module imports a component", async () => {
    const code = `import { showToast } from "@/components/ui/toast";\nexport const toast = showToast;\n`;
    expect(await ruleIdsFor("lib/crm/notify.ts", code)).toContain(BOUNDARY_RULE);
  });

  it("fails lint when a lib module imports from app/", async () => {
    const code = `import { GET } from "@/app/api/health/route";\nexport const health = GET;\n`;
    expect(await ruleIdsFor("lib/health/probe.ts", code)).toContain(BOUNDARY_RULE);
  });
});
