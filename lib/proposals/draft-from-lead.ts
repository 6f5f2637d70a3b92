import { AREAS, BUDGETS, TIMELINES } from "@/lib/leads/lead-submission.schema";
import { PROPOSAL_VALID_DAYS, type ProposalData, type ProposalLang } from "./proposal.schema";

/**
 * Deterministic rules that turn a lead's questionnaire answers into a complete draft proposal:
 * chosen areas → solutions, KPIs and comparison rows; budget → investment tier; timeline → phases;
 * the lead's language → lang. Same answers, same draft; staff review it in the builder.
 */
export interface LeadForDraft {
  id: string;
  name: string | null;
  email: string | null;
  company: string | null;
  industry: string | null;
  lang: string;
}

type Area = (typeof AREAS)[number];
type Budget = (typeof BUDGETS)[number];
type Timeline = (typeof TIMELINES)[number];
type Bi = Record<ProposalLang, string>;

const SOLUTIONS: Record<
  Area,
  { item: Bi; kpi: Bi; metric: Bi; baseline: Bi; agent: Bi; delta: string }
> = {
  "operations efficiency": {
    item: {
      es: "Agentes de IA para tareas operativas repetitivas",
      en: "AI agents for repetitive operational tasks",
    },
    kpi: {
      es: "Reducir un 30% el tiempo dedicado a tareas operativas repetitivas.",
      en: "Cut time spent on repetitive operational tasks by 30%.",
    },
    metric: { es: "Horas semanales en tareas repetitivas", en: "Weekly hours on repetitive tasks" },
    baseline: { es: "Según el diagnóstico", en: "Per the assessment" },
    agent: { es: "30% menos", en: "30% fewer" },
    delta: "-30%",
  },
  "predictive analytics": {
    item: {
      es: "Modelos predictivos y tablero de indicadores",
      en: "Predictive models and KPI dashboard",
    },
    kpi: {
      es: "Anticipar la demanda con un error menor al 15%.",
      en: "Forecast demand with less than 15% error.",
    },
    metric: { es: "Error de pronóstico", en: "Forecast error" },
    baseline: { es: "Sin pronóstico sistemático", en: "No systematic forecast" },
    agent: { es: "Menor al 15%", en: "Under 15%" },
    delta: "+",
  },
  "customer experience": {
    item: {
      es: "Agente omnicanal de atención (voz, WhatsApp y web)",
      en: "Omnichannel service agent (voice, WhatsApp and web)",
    },
    kpi: {
      es: "Responder cada consulta de clientes en menos de 1 minuto, 24/7.",
      en: "Answer every customer enquiry in under 1 minute, 24/7.",
    },
    metric: { es: "Tiempo de primera respuesta", en: "First response time" },
    baseline: { es: "Horas", en: "Hours" },
    agent: { es: "Menos de 1 minuto", en: "Under 1 minute" },
    delta: "-95%",
  },
  "process automation": {
    item: {
      es: "Automatización de procesos con flujos inteligentes",
      en: "Process automation with intelligent workflows",
    },
    kpi: {
      es: "Automatizar de punta a punta al menos 3 procesos clave.",
      en: "Automate at least 3 key processes end to end.",
    },
    metric: { es: "Procesos automatizados", en: "Automated processes" },
    baseline: { es: "0", en: "0" },
    agent: { es: "3 o más", en: "3 or more" },
    delta: "+3",
  },
  "cost reduction": {
    item: {
      es: "Optimización de costos operativos con IA",
      en: "AI-driven operating cost optimisation",
    },
    kpi: {
      es: "Reducir entre un 20% y un 40% el costo de los procesos elegidos.",
      en: "Cut the cost of the chosen processes by 20% to 40%.",
    },
    metric: { es: "Costo de los procesos elegidos", en: "Cost of the chosen processes" },
    baseline: { es: "Actual", en: "Current" },
    agent: { es: "20–40% menos", en: "20–40% lower" },
    delta: "-20–40%",
  },
  "compliance and risk management": {
    item: {
      es: "Monitoreo de cumplimiento y riesgos con IA",
      en: "AI compliance and risk monitoring",
    },
    kpi: {
      es: "Revisar el 100% de los casos sujetos a control, no una muestra.",
      en: "Review 100% of controlled cases, not a sample.",
    },
    metric: { es: "Casos revisados", en: "Cases reviewed" },
    baseline: { es: "Muestra", en: "Sample" },
    agent: { es: "100%", en: "100%" },
    delta: "+",
  },
  other: {
    item: {
      es: "Solución de IA a medida para el reto planteado",
      en: "Custom AI solution for the stated challenge",
    },
    kpi: {
      es: "Definir y alcanzar un indicador de éxito acordado en el descubrimiento.",
      en: "Set and reach a success indicator agreed during discovery.",
    },
    metric: { es: "Indicador acordado", en: "Agreed indicator" },
    baseline: { es: "Por medir", en: "To be measured" },
    agent: { es: "Meta acordada", en: "Agreed target" },
    delta: "+",
  },
};

type Tier = "pilot" | "standard" | "premium";
/** Budget answer → tier and its prices (docs/product.md#proposal-drafts). */
const TIER_BY_BUDGET: Record<Budget, Tier> = {
  "Under $25k": "pilot",
  "$25k–$100k": "standard",
  "$100k–$500k": "premium",
  "$500k+": "premium",
};
const PRICES: Record<Tier, { initial: number; monthly: number }> = {
  pilot: { initial: 12_200, monthly: 1_400 },
  standard: { initial: 24_000, monthly: 2_500 },
  premium: { initial: 37_000, monthly: 3_800 },
};

const PHASES: Record<Timeline, { phase: Bi; weeks: number }[]> = {
  Immediately: [
    { phase: { es: "Descubrimiento exprés", en: "Fast-track discovery" }, weeks: 1 },
    { phase: { es: "Construcción e integración", en: "Build and integration" }, weeks: 4 },
    { phase: { es: "Puesta en marcha", en: "Go-live" }, weeks: 1 },
  ],
  "3–6 months": [
    { phase: { es: "Descubrimiento y diseño", en: "Discovery and design" }, weeks: 2 },
    { phase: { es: "Construcción", en: "Build" }, weeks: 4 },
    { phase: { es: "Integración y pruebas", en: "Integration and testing" }, weeks: 3 },
    { phase: { es: "Puesta en marcha y optimización", en: "Go-live and optimisation" }, weeks: 3 },
  ],
  "6–12 months": [
    { phase: { es: "Descubrimiento y hoja de ruta", en: "Discovery and roadmap" }, weeks: 3 },
    { phase: { es: "Primera ola: construcción", en: "First wave: build" }, weeks: 6 },
    { phase: { es: "Integración y pruebas", en: "Integration and testing" }, weeks: 4 },
    {
      phase: { es: "Despliegue gradual y optimización", en: "Gradual roll-out and optimisation" },
      weeks: 6,
    },
  ],
  "No set timeline": [
    { phase: { es: "Descubrimiento y diseño", en: "Discovery and design" }, weeks: 2 },
    { phase: { es: "Construcción e integración", en: "Build and integration" }, weeks: 6 },
    { phase: { es: "Puesta en marcha y optimización", en: "Go-live and optimisation" }, weeks: 3 },
  ],
};

const COPY = {
  title: {
    es: "Propuesta de soluciones de IA para {company}",
    en: "AI solutions proposal for {company}",
  },
  discovery: { es: "Descubrimiento y diseño de la solución", en: "Discovery and solution design" },
  integration: { es: "Integración con sus sistemas", en: "Integration with your systems" },
  training: { es: "Capacitación y puesta en marcha", en: "Training and go-live" },
  platform: { es: "Plataforma y uso de IA", en: "Platform and AI usage" },
  support: { es: "Soporte, monitoreo y optimización", en: "Support, monitoring and optimisation" },
  optionalMonthly: {
    es: "Opcional: mantener la solución tras el piloto",
    en: "Optional: keep the solution running after the pilot",
  },
  weeks: { es: "{n} semanas", en: "{n} weeks" },
  week: { es: "1 semana", en: "1 week" },
  firstActivities: [
    { es: "Entrevistas y mapa de procesos", en: "Interviews and process map" },
    { es: "Indicadores de éxito acordados", en: "Agreed success indicators" },
  ],
  laterActivities: [
    { es: "Pruebas con casos reales", en: "Tests with real cases" },
    { es: "Informe de resultados y ajustes", en: "Results report and adjustments" },
  ],
  paymentStandard: {
    es: "Forma de pago: 50% al inicio, 40% antes de producción y 10% a los 14 días del despliegue.",
    en: "Payment: 50% at the start, 40% before production and 10% 14 days after deployment.",
  },
  paymentPilot: {
    es: "Forma de pago: 70% al inicio y 30% al final del piloto.",
    en: "Payment: 70% at the start and 30% at the end of the pilot.",
  },
  sla: {
    es: "Nivel de servicio: 99.5% de disponibilidad de los canales; soporte con respuesta en 1 día hábil.",
    en: "Service level: 99.5% channel availability; support response within 1 business day.",
  },
  validity: {
    es: "Esta propuesta es válida durante {days} días desde que se comparte.",
    en: "This proposal is valid for {days} days from when it is shared.",
  },
  pilotPhase: { es: "Piloto", en: "Pilot" },
  data: {
    es: "Los datos del cliente le pertenecen y se tratan de forma confidencial.",
    en: "The client's data belong to the client and are handled confidentially.",
  },
  total: {
    es: "Inversión total: {currency} {initial} más {currency} {monthly} al mes.",
    en: "Total investment: {currency} {initial} plus {currency} {monthly} per month.",
  },
  totalPilot: {
    es: "Inversión del piloto: {currency} {initial}; opcional {currency} {monthly} al mes después.",
    en: "Pilot investment: {currency} {initial}; optionally {currency} {monthly} per month afterwards.",
  },
  bigBudget: {
    es: "El alcance se ampliará tras el descubrimiento, según el presupuesto indicado.",
    en: "The scope will grow after discovery, in line with the stated budget.",
  },
  pilotScope: { es: "Piloto de 2 semanas sobre: {area}", en: "2-week pilot on: {area}" },
  pilotSteps: [
    {
      t: { es: "Días 1–3", en: "Days 1–3" },
      d: {
        es: "Diseño y conexión con sus sistemas.",
        en: "Design and connection to your systems.",
      },
    },
    {
      t: { es: "Días 4–12", en: "Days 4–12" },
      d: { es: "La solución trabaja con casos reales.", en: "The solution works on real cases." },
    },
    {
      t: { es: "Días 13–14", en: "Days 13–14" },
      d: { es: "Informe de resultados y decisión.", en: "Results report and decision." },
    },
  ],
  legend: [
    { a: "IA", en: "AI", es: "Inteligencia artificial.", den: "Artificial intelligence." },
    { a: "KPI", en: "KPI", es: "Indicador clave de desempeño.", den: "Key performance indicator." },
    { a: "SLA", en: "SLA", es: "Acuerdo de nivel de servicio.", den: "Service level agreement." },
  ],
} as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
const grouped = (n: number) => n.toLocaleString("en-US");
const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;

/** Splits a total into shares rounded to hundreds, putting the rounding remainder in the last share so they add up exactly. */
function splitAmount(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum / 100) * 100);
  parts[parts.length - 1]! += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/** How many weeks a pilot runs: its schedule (pilotSteps) covers days 1–14. */
export const PILOT_WEEKS = 2;

/**
 * One coherent offer per budget band: a pilot (under $25k) is a 2-week plan with the pilot's payment
 * and no service-level term; every other band is the full plan for the timeline, with the SLA.
 */
export function draftProposalFromLead(
  lead: LeadForDraft,
  answers: Record<string, unknown> | null,
): ProposalData {
  const lang: ProposalLang =
    (answers?.lang === "en" || lead.lang === "en") && answers?.lang !== "es" ? "en" : "es";
  const chosen = Array.isArray(answers?.areas)
    ? AREAS.filter((area) => (answers.areas as unknown[]).includes(area))
    : [];
  const areas: Area[] = chosen.length > 0 ? chosen : ["other"];
  const budget = pick(BUDGETS, answers?.budget, "$25k–$100k");
  const timeline = pick(TIMELINES, answers?.timeline, "No set timeline");
  const tier = TIER_BY_BUDGET[budget];
  const { initial, monthly } = PRICES[tier];
  const company =
    lead.company?.trim() ||
    (typeof answers?.company === "string" ? answers.company.trim() : "") ||
    lead.name?.trim() ||
    "";

  // Discovery, one share per area, integration, training: weights 15 / 55 split / 20 / 10.
  const weights = [15, ...areas.map(() => 55 / areas.length), 10, 20];
  const [discovery, ...rest] = splitAmount(initial, weights);
  const areaAmounts = rest.slice(0, areas.length);
  const [training, integration] = rest.slice(areas.length);
  const items = [
    { label: COPY.discovery[lang], amount: grouped(discovery!) },
    ...areas.map((area, i) => ({
      label: SOLUTIONS[area].item[lang],
      amount: grouped(areaAmounts[i]!),
    })),
    { label: COPY.training[lang], amount: grouped(training!) },
    { label: COPY.integration[lang], amount: grouped(integration!) },
  ];
  const [platform, support] = splitAmount(monthly, [60, 40]);
  const monthlyItems =
    tier === "pilot"
      ? [{ label: COPY.optionalMonthly[lang], amount: grouped(monthly) }]
      : [
          { label: COPY.platform[lang], amount: grouped(platform!) },
          { label: COPY.support[lang], amount: grouped(support!) },
        ];
  const money = { currency: "USD", initial: grouped(initial), monthly: grouped(monthly) };
  const payment = tier === "pilot" ? COPY.paymentPilot[lang] : COPY.paymentStandard[lang];

  return {
    lang,
    title: fill(COPY.title[lang], {
      company: company || (lang === "es" ? "su empresa" : "your company"),
    }),
    client: {
      name: company,
      industry: lead.industry ?? (typeof answers?.industry === "string" ? answers.industry : ""),
      // The questionnaire asks for the headquarters city, not the country: left for the rep to fill.
      country: "",
      contactEmail: lead.email ?? "",
      contactId: lead.id,
      logoUrl: "",
    },
    kpis: areas.map((area) => SOLUTIONS[area].kpi[lang]),
    comparison: areas.map((area) => ({
      metric: SOLUTIONS[area].metric[lang],
      baseline: SOLUTIONS[area].baseline[lang],
      agent: SOLUTIONS[area].agent[lang],
      delta: SOLUTIONS[area].delta,
    })),
    investment: {
      currency: "USD",
      items,
      subtotal: grouped(initial),
      monthly: monthlyItems,
      notes: [
        payment,
        ...(tier === "pilot" ? [] : [COPY.sla[lang]]),
        ...(budget === "$500k+" ? [COPY.bigBudget[lang]] : []),
      ],
      totalNotice: fill(tier === "pilot" ? COPY.totalPilot[lang] : COPY.total[lang], money),
    },
    timeline:
      tier === "pilot"
        ? [
            {
              phase: COPY.pilotPhase[lang],
              duration: fill(COPY.weeks[lang], { n: PILOT_WEEKS }),
              activities: COPY.pilotSteps.map((step) => `${step.t[lang]}: ${step.d[lang]}`),
            },
          ]
        : PHASES[timeline].map(({ phase, weeks }, index) => ({
            phase: phase[lang],
            duration: weeks === 1 ? COPY.week[lang] : fill(COPY.weeks[lang], { n: weeks }),
            activities:
              index === 0
                ? COPY.firstActivities.map((a) => a[lang])
                : index === 1
                  ? areas.map((area) => SOLUTIONS[area].item[lang])
                  : COPY.laterActivities.map((a) => a[lang]),
          })),
    terms: [
      fill(COPY.validity[lang], { days: PROPOSAL_VALID_DAYS }),
      payment,
      ...(tier === "pilot" ? [] : [COPY.sla[lang]]),
      COPY.data[lang],
    ],
    legend: COPY.legend.map((entry) => ({
      a: lang === "es" ? entry.a : entry.en,
      d: lang === "es" ? entry.es : entry.den,
    })),
    ...(tier === "pilot"
      ? {
          mvp: {
            timeline: COPY.pilotSteps.map((step) => ({ t: step.t[lang], d: step.d[lang] })),
            scope: areas.map((area) =>
              fill(COPY.pilotScope[lang], { area: SOLUTIONS[area].item[lang] }),
            ),
            comparison: areas.map((area) => ({
              metric: SOLUTIONS[area].metric[lang],
              baseline: SOLUTIONS[area].baseline[lang],
              mvp: SOLUTIONS[area].agent[lang],
              delta: SOLUTIONS[area].delta,
            })),
          },
        }
      : {}),
  };
}
