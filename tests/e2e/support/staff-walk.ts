// What the staff walks look at besides the tools themselves: a lead page and a stored proposal. Shared by
// the server-HTML checks (tests/http/staff/pages.spec.ts), the layout checks (tests/e2e/staff/walk.spec.ts)
// and the screenshots (`npm run walk`, tests/walk/walk.spec.ts).
import { expect, type APIRequestContext } from "@playwright/test";
import type { StaffRole } from "@/lib/staff/roles";
import { E2E_BASE_URL, E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from "./constants";
import { inviteStaff } from "./staff";

const headers = { origin: E2E_BASE_URL };

export type WalkPeople = Record<StaffRole, { email: string; password: string }>;

/** The owner and, invited by `api` (signed in as the owner), a manager and a sales rep who have joined. */
export async function inviteWalkTeam(
  api: APIRequestContext,
  stamp: string,
): Promise<WalkPeople & { sales: { id: string } }> {
  const invite = (role: "manager" | "sales") =>
    inviteStaff(api, headers, {
      email: `walk.${role}.${stamp}@example.com`,
      name: `Walk ${role}`,
      role,
      password: `walk-${role}-password-1`,
    });
  const sales = await invite("sales");
  return {
    owner: { email: E2E_STAFF_EMAIL, password: E2E_STAFF_PASSWORD },
    manager: await invite("manager"),
    sales,
  };
}

/**
 * A questionnaire lead stored in English with a long e-mail (owned by `ownerId` when given, so that
 * account may open it whoever the round-robin chose) and a Spanish proposal for it, made through `api`.
 */
export async function createWalkLeadAndProposal(
  api: APIRequestContext,
  stamp: string,
  { ownerId }: { ownerId?: string } = {},
): Promise<{ leadId: string; proposalId: string }> {
  const submitted = await api.post("/api/leads", {
    data: {
      lang: "en",
      website: "walk-clinic.example",
      name: `Walk Lead ${stamp}`,
      email: `maria.fernanda.gonzalez.${stamp}@clinica-dental-santa-maria.example`,
      phone: "+1 555 0100",
      company: `Walk Clinic ${stamp}`,
      industry: "Healthcare",
      employees_range: "51–200",
      headquarters: "Boston",
      role: "CIO",
      uses_ai: "No",
      data_storage: "Cloud",
      has_data_team: "Yes",
      areas: ["process automation"],
      challenge: "We miss calls.",
      timeline: "3–6 months",
      budget: "$25k–$100k",
      preferred_contact: "Video Call",
      message: "An AI receptionist, please.",
    },
  });
  expect(submitted.status()).toBe(201);
  const found = await api.get(`/api/crm/leads?q=${stamp}`);
  const leadId = ((await found.json()) as { leads: { id: string }[] }).leads[0]!.id;
  if (ownerId) {
    const assigned = await api.post("/api/crm/leads/bulk", {
      data: { ids: [leadId], owner_id: ownerId },
      headers,
    });
    expect(assigned.status()).toBe(200);
  }
  const stored = await api.post("/api/crm/proposals", {
    data: {
      lead_id: leadId,
      data: {
        lang: "es",
        title: "Recepcionista de IA para la clínica",
        client: { name: `Walk Clinic ${stamp}` },
        investment: { currency: "USD", subtotal: "12,200" },
      },
    },
    headers,
  });
  expect(stored.status()).toBe(201);
  return { leadId, proposalId: ((await stored.json()) as { id: string }).id };
}
