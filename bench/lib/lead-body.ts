import { randomUUID } from "node:crypto";

/**
 * A whole questionnaire submission (`POST /api/leads`), number `n` of a run: distinct e-mail and submission id, and
 * the fields every build since the first still demands (elapsed_ms, submission_id), so older builds take it too.
 */
export function questionnaireSubmission(n: number): string {
  return JSON.stringify({
    submission_id: `bench-${n}-${randomUUID()}`,
    lang: n % 2 ? "en" : "es",
    elapsed_ms: 30_000,
    website: `company${n}.example`,
    name: `Bench Lead ${n}`,
    email: `bench.lead.${n}.${randomUUID().slice(0, 8)}@example.com`,
    phone: "+34 600 000 000",
    company: `Company ${n}`,
    industry: "Technology",
    employees_range: "51–200",
    headquarters: "Madrid",
    role: "CTO",
    uses_ai: "Yes",
    data_storage: "Cloud",
    has_data_team: "No",
    areas: ["process automation"],
    challenge: "Manual work",
    timeline: "3–6 months",
    budget: "$25k–$100k",
    preferred_contact: "Email",
    message: "Benchmark submission",
  });
}
