import { describe, expect, it } from "vitest";
import { BOUNDARY_RULE, CLIENT_RULE, ruleIdsFor } from "@/tests/support/lint";

describe(
  "boundary: UI never imports the database, a repo or server-only code",
  { timeout: 60_000 },
  () => {
    it("fails lint when a component imports lib/db.ts or a repo", async () => {
      const db = `import { db } from "@/lib/db";\nexport const client = db;\n`;
      const repo = `import { selectLeadPage } from "@/lib/crm/lead.repo";\nexport const f = selectLeadPage;\n`;
      expect(await ruleIdsFor("components/crm/leads.tsx", db)).toEqual(
        expect.arrayContaining([BOUNDARY_RULE, CLIENT_RULE]),
      );
      expect(await ruleIdsFor("components/crm/leads.tsx", repo)).toContain(BOUNDARY_RULE);
    });

    it("fails lint when a client component in app/ imports a server-only service", async () => {
      const code = `"use client";\nimport { listLeads } from "@/lib/crm/lead.service";\nexport const f = listLeads;\n`;
      expect(await ruleIdsFor("app/(staff)/crm/leads-island.tsx", code)).toContain(CLIENT_RULE);
      // A server component in app/ is where services are meant to be called.
      const serverCode = code.replace(`"use client";\n`, "");
      expect(await ruleIdsFor("app/(staff)/crm/leads-island.tsx", serverCode)).not.toContain(
        CLIENT_RULE,
      );
    });

    it("allows type-only imports, which vanish from the browser bundle", async () => {
      const code = `"use client";\nimport type { LeadRow } from "@/lib/crm/lead.repo";\nexport type Row = LeadRow;\n`;
      expect(await ruleIdsFor("app/(staff)/crm/row.tsx", code)).not.toContain(CLIENT_RULE);
    });
  },
);
