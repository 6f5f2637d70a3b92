import { describe, expect, it } from "vitest";
import { BOUNDARY_RULE, ruleIdsFor } from "@/tests/support/lint";

describe(
  "boundary: route handlers call services, never the database or a repo",
  { timeout: 60_000 },
  () => {
    it("fails lint when a handler imports lib/db.ts", async () => {
      const code = `import { db } from "@/lib/db";\nexport const GET = () => db;\n`;
      expect(await ruleIdsFor("app/api/crm/leads/route.ts", code)).toContain(BOUNDARY_RULE);
    });

    it("fails lint when a handler imports a repo", async () => {
      const code = `import { selectLeadPage } from "@/lib/crm/lead.repo";\nexport const GET = selectLeadPage;\n`;
      expect(await ruleIdsFor("app/api/crm/leads/route.ts", code)).toContain(BOUNDARY_RULE);
    });

    it("lets a handler import its service", async () => {
      const code = `import { listLeads } from "@/lib/crm/lead.service";\nexport const GET = listLeads;\n`;
      expect(await ruleIdsFor("app/api/crm/leads/route.ts", code)).not.toContain(BOUNDARY_RULE);
    });
  },
);
