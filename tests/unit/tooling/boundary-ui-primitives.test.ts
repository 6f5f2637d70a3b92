import { describe, expect, it } from "vitest";
import { BOUNDARY_RULE, ruleIdsFor } from "@/tests/support/lint";

describe("boundary: components/ui knows no feature", { timeout: 60_000 }, () => {
  it("fails lint when a primitive imports a feature's module", async () => {
    const code = `import { LEAD_STAGES } from "@/lib/crm/crm.schema";\nexport const stages = LEAD_STAGES;\n`;
    expect(await ruleIdsFor("components/ui/stage-badge.tsx", code)).toContain(BOUNDARY_RULE);
    // The same import is fine in the feature's own components.
    expect(await ruleIdsFor("components/crm/stage-badge.tsx", code)).not.toContain(BOUNDARY_RULE);
  });

  it("fails lint when a primitive imports a feature's components or a page", async () => {
    const fromFeature = `import { CrmApp } from "@/components/crm/crm-app";\nexport const App = CrmApp;\n`;
    const fromPage = `import Page from "@/app/(staff)/crm/page";\nexport const P = Page;\n`;
    expect(await ruleIdsFor("components/ui/panel.tsx", fromFeature)).toContain(BOUNDARY_RULE);
    expect(await ruleIdsFor("components/ui/panel.tsx", fromPage)).toContain(BOUNDARY_RULE);
  });

  it("lets primitives import each other", async () => {
    const code = `import { Button } from "@/components/ui/button";\nexport const B = Button;\n`;
    expect(await ruleIdsFor("components/ui/dialog.tsx", code)).not.toContain(BOUNDARY_RULE);
  });
});
