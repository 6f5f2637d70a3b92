// LEADS_ROUND_ROBIN=off: new leads stay unassigned even with active sales accounts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST as submit } from "@/app/api/leads/route";
import { POST as createLead } from "@/app/api/crm/leads/route";
import { callRoute } from "../../support/http";
import { makeStaffAccount, testDb } from "../../support/factories";
import { staffCookie, uniqueAddress } from "../../support/staff";

const previous = process.env.LEADS_ROUND_ROBIN;
let cookie: string;
beforeAll(async () => {
  // Read on first use by lib/env.ts, which this file's module graph loads fresh.
  process.env.LEADS_ROUND_ROBIN = "off";
  cookie = await staffCookie();
});
afterAll(() => {
  if (previous === undefined) delete process.env.LEADS_ROUND_ROBIN;
  else process.env.LEADS_ROUND_ROBIN = previous;
});

it("leaves new leads from the forms and from the CRM unassigned", async () => {
  const seller = await makeStaffAccount({ role: "sales" });
  const email = `off-${randomUUID().slice(0, 8)}@example.com`;
  const posted = await callRoute(submit, {
    method: "POST",
    path: "/api/leads",
    body: { source: "home_form", lang: "es", name: "Sin dueño", email, message: "Hola" },
    headers: { "x-forwarded-for": uniqueAddress(), "user-agent": "Vitest" },
  });
  expect(posted.status).toBe(201);
  const lead = await testDb().lead.findFirstOrThrow({ where: { email } });
  expect(lead.ownerId).toBeNull();

  const manual = await callRoute(createLead, {
    method: "POST",
    path: "/api/crm/leads",
    body: { name: "A mano" },
    cookie,
  });
  expect(manual.status).toBe(201);
  expect(manual.json.owner).toBeNull();
  expect(await testDb().lead.count({ where: { ownerId: seller.id } })).toBe(0);
});
