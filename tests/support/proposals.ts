import type { ProposalDataInput } from "@/lib/proposals/proposal.schema";

/**
 * A complete proposal as the builder sends it (every section filled, amounts the revenue parser reads),
 * for tests that need a real proposal and do not care about its wording. Override what a test checks.
 */
export function proposalData(overrides: Partial<ProposalDataInput> = {}): ProposalDataInput {
  return {
    lang: "es",
    title: "Agente de voz para ventas",
    client: {
      name: "Autos Caribe",
      industry: "Automotriz",
      country: "República Dominicana",
      contactEmail: "compras@autos-caribe.example",
      contactId: "",
      logoUrl: "",
    },
    kpis: ["Responder cada lead en menos de 1 minuto"],
    comparison: [{ metric: "Tiempo de respuesta", baseline: "4 h", agent: "1 min", delta: "-99%" }],
    investment: {
      currency: "USD",
      items: [{ label: "Implementación", amount: "24,000" }],
      subtotal: "24,000",
      monthly: [{ label: "Operación", amount: "2,500" }],
      notes: ["50% al inicio"],
      totalNotice: "Impuestos no incluidos",
    },
    timeline: [{ phase: "Descubrimiento", duration: "2 semanas", activities: ["Entrevistas"] }],
    terms: ["Validez de 30 días"],
    legend: [{ a: "KPI", d: "Indicador clave" }],
    ...overrides,
  };
}
