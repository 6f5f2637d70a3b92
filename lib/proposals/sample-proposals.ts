import type { ProposalData, ProposalLang } from "./proposal.schema";

/**
 * The fixed sample proposals and the builder's starting point, in both languages
 * (docs/product.md#proposal-builder). Prices: premium USD 37,000 + 3,800/month; pilot 12,200 + optional 1,400/month;
 * builder default 24,000 + 2,500/month.
 */
export type BilingualProposal = Record<ProposalLang, ProposalData>;

const noContact = { contactEmail: "", contactId: "", logoUrl: "" };

export const SANTO_DOMINGO_MOTORS: BilingualProposal = {
  es: {
    lang: "es",
    title: "Plataforma de agentes de IA para ventas, posventa y reactivación de clientes",
    client: {
      name: "Santo Domingo Motors",
      industry: "Concesionario automotriz",
      country: "República Dominicana",
      ...noContact,
    },
    kpis: [
      "Responder cada lead de web, WhatsApp y teléfono en menos de 60 segundos, las 24 horas.",
      "Aumentar un 30% las pruebas de manejo agendadas en los primeros 90 días.",
      "Atender sin espera el 95% de las llamadas de citas de taller.",
      "Reactivar leads de 60 a 180 días de antigüedad con campañas automáticas.",
      "Registrar cada conversación en el CRM con resumen, intención y próximo paso.",
    ],
    comparison: [
      {
        metric: "Tiempo de primera respuesta a un lead",
        baseline: "3–5 horas",
        agent: "Menos de 1 minuto",
        delta: "-99%",
      },
      {
        metric: "Leads atendidos fuera de horario",
        baseline: "Se pierden o esperan al día siguiente",
        agent: "Atendidos y calificados al momento",
        delta: "+100% cobertura",
      },
      {
        metric: "Pruebas de manejo agendadas al mes",
        baseline: "120",
        agent: "156",
        delta: "+30%",
      },
      {
        metric: "Llamadas de taller sin contestar",
        baseline: "22%",
        agent: "Menos del 5%",
        delta: "-77%",
      },
      { metric: "Costo por lead calificado", baseline: "USD 48", agent: "USD 29", delta: "-40%" },
    ],
    investment: {
      currency: "USD",
      items: [
        { label: "Descubrimiento, mapa de procesos y diseño de la solución", amount: "4,500" },
        { label: "Agente de voz bilingüe para ventas y citas de taller", amount: "12,000" },
        { label: "Agente omnicanal (WhatsApp, web e Instagram)", amount: "8,500" },
        {
          label: "Integración con CRM y sistema de gestión del concesionario (DMS)",
          amount: "7,000",
        },
        { label: "Campañas de reactivación de leads", amount: "3,000" },
        { label: "Capacitación del equipo y puesta en marcha", amount: "2,000" },
      ],
      subtotal: "37,000",
      monthly: [
        { label: "Plataforma, telefonía y uso de modelos de IA", amount: "2,200" },
        { label: "Monitoreo, soporte y optimización continua", amount: "1,600" },
      ],
      notes: [
        "Forma de pago: 50% al inicio, 40% antes de pasar a producción y 10% a los 14 días del despliegue.",
        "Servicio mensual: USD 3,800 desde la puesta en marcha.",
        "Nivel de servicio: disponibilidad de los canales del 99.5% y respuesta de soporte en 1 día hábil.",
        "Los importes no incluyen ITBIS ni otros impuestos aplicables.",
      ],
      totalNotice: "Inversión total: USD 37,000 de implementación más USD 3,800 al mes.",
    },
    timeline: [
      {
        phase: "Descubrimiento y diseño",
        duration: "2 semanas",
        activities: [
          "Entrevistas con ventas, BDC y taller",
          "Mapa de procesos y guiones",
          "Definición de indicadores",
        ],
      },
      {
        phase: "Construcción de agentes",
        duration: "4 semanas",
        activities: [
          "Agente de voz bilingüe",
          "Agente de WhatsApp y web",
          "Base de conocimiento de inventario y servicios",
        ],
      },
      {
        phase: "Integración y pruebas",
        duration: "3 semanas",
        activities: [
          "Conexión con CRM y DMS",
          "Pruebas con llamadas reales",
          "Ajustes de tono y escalamiento a personas",
        ],
      },
      {
        phase: "Puesta en marcha y optimización",
        duration: "3 semanas",
        activities: [
          "Lanzamiento por canal",
          "Campañas de reactivación",
          "Informe de resultados a 30 días",
        ],
      },
    ],
    terms: [
      "Esta propuesta es válida durante 30 días desde su envío.",
      "Pagos: 50% al inicio, 40% antes de producción y 10% a los 14 días del despliegue.",
      "Nivel de servicio: 99.5% de disponibilidad de los canales; soporte con respuesta en 1 día hábil.",
      "Los datos de clientes y conversaciones pertenecen a Santo Domingo Motors y se tratan de forma confidencial.",
      "El servicio mensual se factura por mes adelantado y puede cancelarse con 30 días de aviso.",
    ],
    legend: [
      { a: "BDC", d: "Centro de desarrollo de negocios: el equipo que atiende y agenda leads." },
      { a: "CRM", d: "Sistema de gestión de relaciones con clientes." },
      { a: "DMS", d: "Sistema de gestión del concesionario (inventario, taller, ventas)." },
      { a: "KPI", d: "Indicador clave de desempeño." },
      { a: "SLA", d: "Acuerdo de nivel de servicio." },
    ],
  },
  en: {
    lang: "en",
    title: "AI agent platform for sales, after-sales and customer reactivation",
    client: {
      name: "Santo Domingo Motors",
      industry: "Car dealership",
      country: "Dominican Republic",
      ...noContact,
    },
    kpis: [
      "Answer every web, WhatsApp and phone lead in under 60 seconds, around the clock.",
      "Grow booked test drives by 30% within the first 90 days.",
      "Answer 95% of service-booking calls with no wait.",
      "Reactivate leads 60 to 180 days old with automated campaigns.",
      "Log every conversation in the CRM with a summary, intent and next step.",
    ],
    comparison: [
      {
        metric: "First response time to a lead",
        baseline: "3–5 hours",
        agent: "Under 1 minute",
        delta: "-99%",
      },
      {
        metric: "Leads handled after hours",
        baseline: "Lost or left until the next day",
        agent: "Answered and qualified at once",
        delta: "+100% coverage",
      },
      { metric: "Test drives booked per month", baseline: "120", agent: "156", delta: "+30%" },
      { metric: "Unanswered service calls", baseline: "22%", agent: "Under 5%", delta: "-77%" },
      { metric: "Cost per qualified lead", baseline: "USD 48", agent: "USD 29", delta: "-40%" },
    ],
    investment: {
      currency: "USD",
      items: [
        { label: "Discovery, process mapping and solution design", amount: "4,500" },
        { label: "Bilingual voice agent for sales and service bookings", amount: "12,000" },
        { label: "Omnichannel agent (WhatsApp, web and Instagram)", amount: "8,500" },
        {
          label: "Integration with the CRM and the dealer management system (DMS)",
          amount: "7,000",
        },
        { label: "Lead reactivation campaigns", amount: "3,000" },
        { label: "Team training and go-live", amount: "2,000" },
      ],
      subtotal: "37,000",
      monthly: [
        { label: "Platform, telephony and AI model usage", amount: "2,200" },
        { label: "Monitoring, support and continuous optimisation", amount: "1,600" },
      ],
      notes: [
        "Payment: 50% at the start, 40% before going to production and 10% 14 days after deployment.",
        "Monthly service: USD 3,800 from go-live.",
        "Service level: 99.5% channel availability and support response within 1 business day.",
        "Amounts exclude ITBIS and any other applicable taxes.",
      ],
      totalNotice: "Total investment: USD 37,000 for implementation plus USD 3,800 per month.",
    },
    timeline: [
      {
        phase: "Discovery and design",
        duration: "2 weeks",
        activities: [
          "Interviews with sales, BDC and service",
          "Process map and scripts",
          "Agreed indicators",
        ],
      },
      {
        phase: "Agent build",
        duration: "4 weeks",
        activities: [
          "Bilingual voice agent",
          "WhatsApp and web agent",
          "Knowledge base of inventory and services",
        ],
      },
      {
        phase: "Integration and testing",
        duration: "3 weeks",
        activities: [
          "CRM and DMS connection",
          "Tests with real calls",
          "Tone and human hand-off tuning",
        ],
      },
      {
        phase: "Go-live and optimisation",
        duration: "3 weeks",
        activities: [
          "Channel-by-channel launch",
          "Reactivation campaigns",
          "30-day results report",
        ],
      },
    ],
    terms: [
      "This proposal is valid for 30 days from when it is sent.",
      "Payments: 50% at the start, 40% before production and 10% 14 days after deployment.",
      "Service level: 99.5% channel availability; support response within 1 business day.",
      "Customer and conversation data belong to Santo Domingo Motors and are handled confidentially.",
      "The monthly service is billed a month in advance and can be cancelled with 30 days' notice.",
    ],
    legend: [
      { a: "BDC", d: "Business development centre: the team that answers and books leads." },
      { a: "CRM", d: "Customer relationship management system." },
      { a: "DMS", d: "Dealer management system (inventory, service, sales)." },
      { a: "KPI", d: "Key performance indicator." },
      { a: "SLA", d: "Service level agreement." },
    ],
  },
};

export const SANTO_DOMINGO_MOTORS_MVP: BilingualProposal = {
  es: {
    lang: "es",
    title: "Piloto de 2 semanas: agente de voz para leads de ventas",
    client: {
      name: "Santo Domingo Motors",
      industry: "Concesionario automotriz",
      country: "República Dominicana",
      ...noContact,
    },
    kpis: [
      "Demostrar en 2 semanas una respuesta a leads en menos de 60 segundos.",
      "Calificar y agendar pruebas de manejo sin intervención del equipo.",
      "Medir el resultado frente a la situación actual con datos reales.",
    ],
    comparison: [
      {
        metric: "Tiempo de primera respuesta",
        baseline: "3–5 horas",
        agent: "Menos de 1 minuto",
        delta: "-99%",
      },
      { metric: "Leads calificados por semana", baseline: "25", agent: "40", delta: "+60%" },
    ],
    investment: {
      currency: "USD",
      items: [
        { label: "Diseño del piloto y guiones", amount: "3,200" },
        { label: "Agente de voz bilingüe en una línea de ventas", amount: "6,000" },
        { label: "Conexión con el CRM (lectura y registro de leads)", amount: "2,000" },
        { label: "Informe de resultados y sesión de revisión", amount: "1,000" },
      ],
      subtotal: "12,200",
      monthly: [{ label: "Opcional: mantener el agente activo tras el piloto", amount: "1,400" }],
      notes: [
        "Forma de pago: 70% al inicio y 30% al final del piloto.",
        "El servicio mensual es opcional y solo aplica si el agente sigue activo tras el piloto.",
        "Los importes no incluyen ITBIS ni otros impuestos aplicables.",
      ],
      totalNotice: "Inversión del piloto: USD 12,200; opcional USD 1,400 al mes después.",
    },
    timeline: [
      {
        phase: "Semana 1",
        duration: "5 días hábiles",
        activities: ["Diseño, guiones y conexión con el CRM", "Pruebas internas"],
      },
      {
        phase: "Semana 2",
        duration: "5 días hábiles",
        activities: ["Atención de leads reales", "Informe y decisión"],
      },
    ],
    terms: [
      "Esta propuesta es válida durante 30 días desde su envío.",
      "Pagos: 70% al inicio y 30% al final del piloto.",
      "Si el piloto continúa como proyecto completo, su inversión se descuenta del precio de implementación.",
      "Los datos del piloto pertenecen a Santo Domingo Motors y se tratan de forma confidencial.",
    ],
    legend: [
      { a: "MVP", d: "Producto mínimo viable: la versión más pequeña que demuestra el valor." },
      { a: "CRM", d: "Sistema de gestión de relaciones con clientes." },
      { a: "KPI", d: "Indicador clave de desempeño." },
    ],
    mvp: {
      timeline: [
        { t: "Días 1–3", d: "Taller de diseño, guiones de llamada y conexión con el CRM." },
        { t: "Días 4–5", d: "Pruebas internas con el equipo de ventas y ajustes." },
        { t: "Días 6–12", d: "El agente atiende leads reales de una línea de ventas." },
        {
          t: "Días 13–14",
          d: "Informe de resultados, sesión de revisión y decisión de continuidad.",
        },
      ],
      scope: [
        "Un agente de voz bilingüe (español e inglés) en una línea de ventas.",
        "Calificación de leads y agenda de pruebas de manejo.",
        "Registro de cada llamada en el CRM con resumen.",
        "Traspaso a un asesor cuando el cliente lo pide.",
      ],
      comparison: [
        {
          metric: "Tiempo de primera respuesta",
          baseline: "3–5 horas",
          mvp: "Menos de 1 minuto",
          delta: "-99%",
        },
        {
          metric: "Pruebas de manejo agendadas por semana",
          baseline: "28",
          mvp: "35",
          delta: "+25%",
        },
        {
          metric: "Llamadas registradas en el CRM",
          baseline: "40%",
          mvp: "100%",
          delta: "+60 pts",
        },
      ],
    },
  },
  en: {
    lang: "en",
    title: "2-week pilot: voice agent for sales leads",
    client: {
      name: "Santo Domingo Motors",
      industry: "Car dealership",
      country: "Dominican Republic",
      ...noContact,
    },
    kpis: [
      "Show, within 2 weeks, lead response in under 60 seconds.",
      "Qualify leads and book test drives with no help from the team.",
      "Measure the result against today with real data.",
    ],
    comparison: [
      {
        metric: "First response time",
        baseline: "3–5 hours",
        agent: "Under 1 minute",
        delta: "-99%",
      },
      { metric: "Qualified leads per week", baseline: "25", agent: "40", delta: "+60%" },
    ],
    investment: {
      currency: "USD",
      items: [
        { label: "Pilot design and scripts", amount: "3,200" },
        { label: "Bilingual voice agent on one sales line", amount: "6,000" },
        { label: "CRM connection (reading and logging leads)", amount: "2,000" },
        { label: "Results report and review session", amount: "1,000" },
      ],
      subtotal: "12,200",
      monthly: [{ label: "Optional: keep the agent running after the pilot", amount: "1,400" }],
      notes: [
        "Payment: 70% at the start and 30% at the end of the pilot.",
        "The monthly service is optional and applies only if the agent stays on after the pilot.",
        "Amounts exclude ITBIS and any other applicable taxes.",
      ],
      totalNotice: "Pilot investment: USD 12,200; optionally USD 1,400 per month afterwards.",
    },
    timeline: [
      {
        phase: "Week 1",
        duration: "5 business days",
        activities: ["Design, scripts and CRM connection", "Internal tests"],
      },
      {
        phase: "Week 2",
        duration: "5 business days",
        activities: ["Real leads handled", "Report and decision"],
      },
    ],
    terms: [
      "This proposal is valid for 30 days from when it is sent.",
      "Payments: 70% at the start and 30% at the end of the pilot.",
      "If the pilot continues as a full project, its price is credited against the implementation.",
      "Pilot data belong to Santo Domingo Motors and are handled confidentially.",
    ],
    legend: [
      { a: "MVP", d: "Minimum viable product: the smallest version that proves the value." },
      { a: "CRM", d: "Customer relationship management system." },
      { a: "KPI", d: "Key performance indicator." },
    ],
    mvp: {
      timeline: [
        { t: "Days 1–3", d: "Design workshop, call scripts and CRM connection." },
        { t: "Days 4–5", d: "Internal tests with the sales team and adjustments." },
        { t: "Days 6–12", d: "The agent handles real leads on one sales line." },
        { t: "Days 13–14", d: "Results report, review session and go/no-go decision." },
      ],
      scope: [
        "One bilingual (Spanish and English) voice agent on one sales line.",
        "Lead qualification and test-drive booking.",
        "Every call logged in the CRM with a summary.",
        "Hand-off to a sales adviser when the customer asks.",
      ],
      comparison: [
        {
          metric: "First response time",
          baseline: "3–5 hours",
          mvp: "Under 1 minute",
          delta: "-99%",
        },
        { metric: "Test drives booked per week", baseline: "28", mvp: "35", delta: "+25%" },
        { metric: "Calls logged in the CRM", baseline: "40%", mvp: "100%", delta: "+60 pts" },
      ],
    },
  },
};

/** Where the builder starts: 24,000 initial plus 2,500 per month. */
export const BUILDER_DEFAULT: BilingualProposal = {
  es: {
    lang: "es",
    title: "Automatización de atención y ventas con agentes de IA",
    client: {
      name: "Empresa Ejemplo",
      industry: "Servicios",
      country: "República Dominicana",
      ...noContact,
    },
    kpis: [
      "Responder cada consulta en menos de 1 minuto.",
      "Reducir un 40% el trabajo manual de seguimiento.",
    ],
    comparison: [
      { metric: "Tiempo de respuesta", baseline: "4 horas", agent: "1 minuto", delta: "-99%" },
    ],
    investment: {
      currency: "USD",
      items: [
        { label: "Diseño de la solución", amount: "6,000" },
        { label: "Agente de IA omnicanal", amount: "10,000" },
        { label: "Integraciones", amount: "5,000" },
        { label: "Capacitación y puesta en marcha", amount: "3,000" },
      ],
      subtotal: "24,000",
      monthly: [
        { label: "Plataforma y uso de IA", amount: "1,500" },
        { label: "Soporte y optimización", amount: "1,000" },
      ],
      notes: [
        "Forma de pago: 50% al inicio, 40% antes de producción y 10% a los 14 días del despliegue.",
      ],
      totalNotice: "Inversión total: USD 24,000 más USD 2,500 al mes.",
    },
    timeline: [
      { phase: "Descubrimiento", duration: "2 semanas", activities: ["Entrevistas", "Diseño"] },
      {
        phase: "Desarrollo e integración",
        duration: "4 semanas",
        activities: ["Construcción del agente", "Integraciones"],
      },
      {
        phase: "Puesta en marcha",
        duration: "2 semanas",
        activities: ["Lanzamiento", "Optimización"],
      },
    ],
    terms: [
      "Esta propuesta es válida durante 30 días desde su envío.",
      "Nivel de servicio: 99.5% de disponibilidad de los canales; soporte en 1 día hábil.",
    ],
    legend: [{ a: "IA", d: "Inteligencia artificial." }],
  },
  en: {
    lang: "en",
    title: "Customer service and sales automation with AI agents",
    client: {
      name: "Sample Company",
      industry: "Services",
      country: "Dominican Republic",
      ...noContact,
    },
    kpis: ["Answer every enquiry in under 1 minute.", "Cut manual follow-up work by 40%."],
    comparison: [
      { metric: "Response time", baseline: "4 hours", agent: "1 minute", delta: "-99%" },
    ],
    investment: {
      currency: "USD",
      items: [
        { label: "Solution design", amount: "6,000" },
        { label: "Omnichannel AI agent", amount: "10,000" },
        { label: "Integrations", amount: "5,000" },
        { label: "Training and go-live", amount: "3,000" },
      ],
      subtotal: "24,000",
      monthly: [
        { label: "Platform and AI usage", amount: "1,500" },
        { label: "Support and optimisation", amount: "1,000" },
      ],
      notes: ["Payment: 50% at the start, 40% before production and 10% 14 days after deployment."],
      totalNotice: "Total investment: USD 24,000 plus USD 2,500 per month.",
    },
    timeline: [
      { phase: "Discovery", duration: "2 weeks", activities: ["Interviews", "Design"] },
      {
        phase: "Build and integration",
        duration: "4 weeks",
        activities: ["Agent build", "Integrations"],
      },
      { phase: "Go-live", duration: "2 weeks", activities: ["Launch", "Optimisation"] },
    ],
    terms: [
      "This proposal is valid for 30 days from when it is sent.",
      "Service level: 99.5% channel availability; support within 1 business day.",
    ],
    legend: [{ a: "AI", d: "Artificial intelligence." }],
  },
};
