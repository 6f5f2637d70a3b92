import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LeadStage, TaskStatus } from "@/lib/generated/prisma/enums";
import type { PrismaClient } from "@/lib/prisma-client";

/*
 * Demo CRM content for a fresh database: realistic enough to exercise the pipeline views (every stage,
 * every task status, accents, leads without a company or a name), fictional enough to publish
 * (reserved example domains, fictional companies and phone ranges).
 */

export interface SeedDemoDataOptions {
  /** Dates are laid out over the 90 days before this; defaults to the start of today (UTC), so reruns on a day agree. */
  referenceDate?: Date;
}

type Source = "optin" | "home_form" | "manual";
type Lang = "es" | "en";
type Industry = "Finance" | "Healthcare" | "Manufacturing" | "Retail" | "Logistics" | "Technology";

interface DemoLead {
  /** Stable key the ids derive from; never change it for an existing entry. */
  key: string;
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  industry?: Industry;
  stage: LeadStage;
  /** For a lost lead: the stage it had reached when it was lost. */
  lostAt?: LeadStage;
  source: Source;
  lang: Lang;
  daysAgo: number;
  /** What the lead wrote in the web form, or the first call's summary. */
  message?: string;
  notes?: string[];
  tasks?: Array<[title: string, status: TaskStatus]>;
}

const { Qualification, Discovery, Proposal, Negotiation, Won, Lost } = LeadStage;
const { todo, doing, done } = TaskStatus;

const PIPELINE: LeadStage[] = [Qualification, Discovery, Proposal, Negotiation, Won];
const STAFF = ["Lucía Fernández", "Marc Puig", "Sara Ortega", "Daniel Weber"] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const DEMO_LEADS: DemoLead[] = [
  // Qualification
  {
    key: "jose-martinez",
    name: "José Martínez",
    email: "jose.martinez@example.com",
    phone: "+34 600 000 101",
    company: "Banco Horizonte",
    industry: "Finance",
    stage: Qualification,
    source: "home_form",
    lang: "es",
    daysAgo: 2,
    message: "Queremos automatizar la conciliación bancaria de nuestras sucursales.",
    tasks: [["Llamar para cualificar presupuesto", todo]],
  },
  {
    key: "ana-perez",
    name: "Ana Pérez",
    email: "ana.perez@example.org",
    company: "Clínica San Rafael",
    industry: "Healthcare",
    stage: Qualification,
    source: "optin",
    lang: "es",
    daysAgo: 4,
    tasks: [["Enviar caso de éxito de clínicas", todo]],
  },
  {
    key: "nono-iniguez",
    name: "Ñoño Íñiguez",
    email: "nono@iniguez.example",
    stage: Qualification,
    source: "optin",
    lang: "es",
    daysAgo: 6,
  },
  {
    key: "emily-carter",
    name: "Emily Carter",
    email: "emily.carter@example.com",
    phone: "+44 7700 900101",
    company: "Corner Market Co.",
    industry: "Retail",
    stage: Qualification,
    source: "home_form",
    lang: "en",
    daysAgo: 3,
    message: "Looking for a loyalty program that works across our 12 stores.",
  },
  {
    key: "anon-optin-1",
    email: "contacto.anonimo@example.net",
    stage: Qualification,
    source: "optin",
    lang: "es",
    daysAgo: 1,
  },
  {
    key: "liam-walsh",
    name: "Liam Walsh",
    email: "liam.walsh@example.com",
    industry: "Technology",
    stage: Qualification,
    source: "manual",
    lang: "en",
    daysAgo: 9,
    notes: ["Met at the Madrid SaaS meetup; freelance CTO for two startups."],
  },
  {
    key: "begona-ibanez",
    name: "Begoña Ibáñez",
    email: "begona.ibanez@example.com",
    phone: "+34 600 000 102",
    company: "Transportes Ibéricos",
    industry: "Logistics",
    stage: Qualification,
    source: "manual",
    lang: "es",
    daysAgo: 12,
    notes: ["Referida por Raúl Muñoz. Interesada en seguimiento de flota."],
    tasks: [["Agendar demo de seguimiento de flota", doing]],
  },
  {
    key: "anon-optin-2",
    email: "newsletter.reader@example.org",
    stage: Qualification,
    source: "optin",
    lang: "en",
    daysAgo: 15,
  },

  // Discovery
  {
    key: "alvaro-gomez",
    name: "Álvaro Gómez",
    email: "alvaro.gomez@example.com",
    phone: "+34 600 000 103",
    company: "Aceros del Norte",
    industry: "Manufacturing",
    stage: Discovery,
    source: "home_form",
    lang: "es",
    daysAgo: 18,
    message: "Necesitamos visibilidad de la producción en tiempo real en dos plantas.",
    notes: ["Dos plantas en Bilbao y Avilés; hoy todo va en hojas de cálculo."],
    tasks: [
      ["Visita a planta de Bilbao", doing],
      ["Preparar preguntas técnicas para el jefe de planta", done],
    ],
  },
  {
    key: "olivia-brown",
    name: "Olivia Brown",
    email: "olivia.brown@example.com",
    company: "Northwind Capital",
    industry: "Finance",
    stage: Discovery,
    source: "optin",
    lang: "en",
    daysAgo: 21,
    notes: ["Compliance team must sign off on any data residency outside the EU."],
    tasks: [["Send security questionnaire answers", todo]],
  },
  {
    key: "lucia-sanchez",
    name: "Lucía Sánchez",
    email: "lucia.sanchez@example.org",
    company: "Moda Río",
    industry: "Retail",
    stage: Discovery,
    source: "manual",
    lang: "es",
    daysAgo: 25,
    notes: ["Tienda online en Shopify, 40 % de ventas en marketplace."],
  },
  {
    key: "inigo-errazuriz",
    name: "Íñigo Errázuriz",
    email: "inigo@errazuriz.example",
    phone: "+34 600 000 104",
    industry: "Technology",
    stage: Discovery,
    source: "home_form",
    lang: "es",
    daysAgo: 20,
    message: "Consultor independiente; busco una herramienta para mis clientes pymes.",
  },
  {
    key: "chloe-nguyen",
    name: "Chloe Nguyen",
    email: "chloe.nguyen@example.com",
    phone: "+1 202 555 0141",
    company: "Mercy Health Partners",
    industry: "Healthcare",
    stage: Discovery,
    source: "home_form",
    lang: "en",
    daysAgo: 28,
    message: "We need appointment reminders in English and Spanish.",
    tasks: [["Confirm HIPAA requirements with their IT lead", doing]],
  },
  {
    key: "raul-munoz",
    name: "Raúl Muñoz",
    email: "raul.munoz@example.com",
    company: "Logística Añil",
    industry: "Logistics",
    stage: Discovery,
    source: "manual",
    lang: "es",
    daysAgo: 33,
    notes: ["Quiere integrar con su ERP actual (SAP Business One)."],
    tasks: [["Pedir acceso al entorno de pruebas del ERP", todo]],
  },
  {
    key: "noah-fischer",
    name: "Noah Fischer",
    email: "noah.fischer@example.org",
    company: "Pixelcraft Labs",
    industry: "Technology",
    stage: Discovery,
    source: "optin",
    lang: "en",
    daysAgo: 30,
  },

  // Proposal
  {
    key: "maria-jose-nunez",
    name: "María José Núñez",
    email: "mj.nunez@example.com",
    phone: "+34 600 000 105",
    company: "Seguros Atlántico",
    industry: "Finance",
    stage: Proposal,
    source: "home_form",
    lang: "es",
    daysAgo: 40,
    message: "Buscamos renovar el portal de clientes y la firma digital de pólizas.",
    notes: ["Decisión en comité el último jueves del mes."],
    tasks: [
      ["Enviar propuesta revisada con descuento anual", doing],
      ["Reunión de kick-off interna", done],
    ],
  },
  {
    key: "james-oconnor",
    name: "James O'Connor",
    email: "james.oconnor@example.com",
    company: "Bluewave Freight",
    industry: "Logistics",
    stage: Proposal,
    source: "manual",
    lang: "en",
    daysAgo: 44,
    notes: ["Wants pricing per vehicle, not per seat."],
    tasks: [
      ["Rework pricing table per vehicle", done],
      ["Follow up on proposal", todo],
    ],
  },
  {
    key: "carmen-diaz",
    name: "Carmen Díaz",
    email: "carmen.diaz@example.org",
    company: "Farmacia Central",
    industry: "Healthcare",
    stage: Proposal,
    source: "optin",
    lang: "es",
    daysAgo: 38,
    tasks: [["Resolver dudas sobre protección de datos", todo]],
  },
  {
    key: "grace-kim",
    name: "Grace Kim",
    email: "grace.kim@example.com",
    phone: "+1 202 555 0142",
    company: "Brightline Manufacturing",
    industry: "Manufacturing",
    stage: Proposal,
    source: "home_form",
    lang: "en",
    daysAgo: 47,
    message: "Quality-control checklists on tablets for 3 production lines.",
  },
  {
    key: "martin-pena",
    name: "Martín Peña",
    email: "martin.pena@example.com",
    stage: Proposal,
    source: "manual",
    lang: "es",
    daysAgo: 35,
    notes: ["Autónomo, presupuesto ajustado: proponer plan básico."],
    tasks: [["Preparar propuesta plan básico", done]],
  },
  {
    key: "zoe-adams",
    name: "Zoë Adams",
    email: "zoe.adams@example.org",
    company: "Corner Bakery Group",
    industry: "Retail",
    stage: Proposal,
    source: "optin",
    lang: "en",
    daysAgo: 50,
  },

  // Negotiation
  {
    key: "sofia-castano",
    name: "Sofía Castaño",
    email: "sofia.castano@example.com",
    phone: "+34 600 000 106",
    company: "Nube Soft",
    industry: "Technology",
    stage: Negotiation,
    source: "home_form",
    lang: "es",
    daysAgo: 55,
    message: "Queremos sustituir nuestro CRM actual antes de fin de trimestre.",
    notes: ["Piden 15 % de descuento por contrato de dos años."],
    tasks: [
      ["Validar descuento con dirección", doing],
      ["Enviar borrador de contrato", todo],
    ],
  },
  {
    key: "ethan-clarke",
    name: "Ethan Clarke",
    email: "ethan.clarke@example.com",
    company: "Harbor Bank",
    industry: "Finance",
    stage: Negotiation,
    source: "manual",
    lang: "en",
    daysAgo: 60,
    notes: ["Legal is reviewing the DPA; procurement wants net-60 terms."],
    tasks: [["Answer legal's DPA comments", doing]],
  },
  {
    key: "jesus-ortiz",
    name: "Jesús Ortiz",
    email: "jesus.ortiz@example.org",
    company: "Cerámicas Peñíscola",
    industry: "Manufacturing",
    stage: Negotiation,
    source: "optin",
    lang: "es",
    daysAgo: 52,
    tasks: [["Llamada de cierre con gerencia", todo]],
  },
  {
    key: "hannah-muller",
    name: "Hannah Müller",
    email: "hannah.mueller@example.com",
    phone: "+44 7700 900102",
    company: "Alpine Care Homes",
    industry: "Healthcare",
    stage: Negotiation,
    source: "home_form",
    lang: "en",
    daysAgo: 58,
    message: "Family portal for 6 care homes, with visit booking.",
  },
  {
    key: "nuria-domenech",
    name: "Núria Domènech",
    email: "nuria.domenech@example.com",
    company: "Distribucions Empordà",
    industry: "Logistics",
    stage: Negotiation,
    source: "manual",
    lang: "es",
    daysAgo: 63,
    notes: ["Prefiere facturación trimestral."],
    tasks: [["Ajustar condiciones de pago trimestral", done]],
  },

  // Won
  {
    key: "ramon-gutierrez",
    name: "Ramón Gutiérrez",
    email: "ramon.gutierrez@example.com",
    phone: "+34 600 000 107",
    company: "Hotel Mirador del Tajo",
    industry: "Retail",
    stage: Won,
    source: "home_form",
    lang: "es",
    daysAgo: 80,
    message: "Reservas directas y fidelización para un hotel boutique.",
    notes: ["Contrato firmado por dos años."],
    tasks: [
      ["Sesión de onboarding", done],
      ["Revisión a los 30 días", todo],
    ],
  },
  {
    key: "oscar-vazquez",
    name: "Óscar Vázquez",
    email: "oscar.vazquez@example.org",
    company: "Fintech Ágora",
    industry: "Finance",
    stage: Won,
    source: "optin",
    lang: "es",
    daysAgo: 85,
    tasks: [["Migrar datos del sistema anterior", doing]],
  },
  {
    key: "william-turner",
    name: "William Turner",
    email: "will.turner@example.com",
    company: "Turner & Sons Tools",
    industry: "Manufacturing",
    stage: Won,
    source: "manual",
    lang: "en",
    daysAgo: 75,
    notes: ["Signed after the second demo; champion is the operations manager."],
    tasks: [["Kick-off call", done]],
  },
  {
    key: "ines-llorente",
    name: "Inés Llorente",
    email: "ines.llorente@example.com",
    stage: Won,
    source: "manual",
    lang: "es",
    daysAgo: 70,
    notes: ["Consultora freelance; plan individual anual."],
  },
  {
    key: "ava-patel",
    name: "Ava Patel",
    email: "ava.patel@example.com",
    phone: "+1 202 555 0143",
    company: "Swiftlane Couriers",
    industry: "Logistics",
    stage: Won,
    source: "home_form",
    lang: "en",
    daysAgo: 88,
    message: "Driver app plus customer tracking page.",
    tasks: [["Configure tracking page branding", done]],
  },

  // Lost
  {
    key: "pablo-cortes",
    name: "Pablo Cortés",
    email: "pablo.cortes@example.com",
    company: "Supermercados Olé",
    industry: "Retail",
    stage: Lost,
    lostAt: Proposal,
    source: "home_form",
    lang: "es",
    daysAgo: 66,
    message: "Queremos una app de pedidos para 30 supermercados.",
    notes: ["Han elegido una solución interna; volver a contactar en seis meses."],
    tasks: [["Recontactar en seis meses", todo]],
  },
  {
    key: "mia-robinson",
    name: "Mia Robinson",
    email: "mia.robinson@example.org",
    company: "Lakeside Dental",
    industry: "Healthcare",
    stage: Lost,
    lostAt: Discovery,
    source: "optin",
    lang: "en",
    daysAgo: 72,
    notes: ["No budget this year."],
  },
  {
    key: "elena-ruiz",
    name: "Elena Ruiz",
    email: "elena.ruiz@example.com",
    company: "Textiles Guadalquivir",
    industry: "Manufacturing",
    stage: Lost,
    lostAt: Negotiation,
    source: "manual",
    lang: "es",
    daysAgo: 78,
    notes: ["Perdido por precio frente a un competidor local."],
  },
  {
    key: "oliver-hughes",
    name: "Oliver Hughes",
    email: "oliver.hughes@example.com",
    industry: "Technology",
    stage: Lost,
    lostAt: Qualification,
    source: "optin",
    lang: "en",
    daysAgo: 45,
    notes: ["Student project, not a buyer."],
  },
  {
    key: "javier-saez",
    name: "Javier Sáez",
    email: "javier.saez@example.org",
    company: "Cooperativa Agrícola Albacete",
    industry: "Logistics",
    stage: Lost,
    lostAt: Proposal,
    source: "home_form",
    lang: "es",
    daysAgo: 89,
    message: "Trazabilidad de lotes desde el campo hasta el almacén.",
    tasks: [["Enviar encuesta de motivo de pérdida", done]],
  },
];

/** Inserts the demo leads (with their activities and tasks) that are not there yet; returns how many leads it created. */
export async function seedDemoData(
  prisma: PrismaClient,
  options: SeedDemoDataOptions = {},
): Promise<{ created: number }> {
  const referenceDate = options.referenceDate ?? startOfUtcDay(new Date());
  const records = DEMO_LEADS.map((lead, index) => buildRecords(lead, index, referenceDate));

  // One transaction so an interrupted seed leaves no lead without its history.
  return prisma.$transaction(
    async (tx) => {
      // A lead is "there" if its demo id or its e-mail already exists; both keep reruns from duplicating it.
      const existing = await tx.lead.findMany({
        where: {
          OR: [
            { id: { in: records.map((record) => record.lead.id) } },
            {
              email: {
                in: records.flatMap((record) => (record.lead.email ? [record.lead.email] : [])),
              },
            },
          ],
        },
        select: { id: true, email: true },
      });
      const existingIds = new Set(existing.map((lead) => lead.id));
      const existingEmails = new Set(existing.map((lead) => lead.email));
      const missing = records.filter(
        (record) =>
          !existingIds.has(record.lead.id) &&
          !(record.lead.email && existingEmails.has(record.lead.email)),
      );
      if (missing.length === 0) return { created: 0 };

      // skipDuplicates covers a concurrent seed that inserted the same ids since the read above.
      const inserted = await tx.lead.createManyAndReturn({
        data: missing.map((record) => record.lead),
        skipDuplicates: true,
        select: { id: true },
      });
      const insertedIds = new Set(inserted.map((lead) => lead.id));
      const fresh = missing.filter((record) => insertedIds.has(record.lead.id));
      await tx.activity.createMany({
        data: fresh.flatMap((record) => record.activities),
        skipDuplicates: true,
      });
      await tx.task.createMany({
        data: fresh.flatMap((record) => record.tasks),
        skipDuplicates: true,
      });
      await tx.leadSubmission.createMany({
        data: fresh.flatMap((record) => record.submissions),
        skipDuplicates: true,
      });
      return { created: fresh.length };
    },
    { timeout: 60_000 },
  );
}

interface LeadRecords {
  lead: Prisma.LeadCreateManyInput & { id: string };
  activities: Prisma.ActivityCreateManyInput[];
  tasks: Prisma.TaskCreateManyInput[];
  submissions: Prisma.LeadSubmissionCreateManyInput[];
}

// Questionnaire options, cycled per lead so the demo answers vary.
const EMPLOYEES = ["1–50", "51–200", "201–500", "501–2000", "2000+"];
const ROLES = ["CEO", "CTO", "CIO", "Innovation Lead", "Other"];
const STORAGE = ["On-premises", "Cloud", "Hybrid", "Not Sure"];
const AREAS = [
  "operations efficiency",
  "predictive analytics",
  "customer experience",
  "process automation",
  "cost reduction",
  "compliance and risk management",
];
const TIMELINES = ["Immediately", "3–6 months", "6–12 months", "No set timeline"];
const BUDGETS = ["Under $25k", "$25k–$100k", "$100k–$500k", "$500k+"];
const CONTACT = ["Email", "Phone", "WhatsApp", "Video Call"];
const pickFrom = <T>(list: T[], index: number): T => list[index % list.length] as T;

/** What the lead sent through the site: the whole questionnaire (optin) or the short contact form (home_form). */
function buildAnswers(demo: DemoLead, index: number): Record<string, unknown> | null {
  const es = demo.lang === "es";
  if (demo.source === "home_form") {
    return {
      name: demo.name ?? "",
      email: demo.email ?? "",
      company: demo.company ?? "",
      message: demo.message ?? "",
    };
  }
  if (demo.source !== "optin") return null;
  return {
    website: demo.company
      ? `https://${demo.company
          .toLowerCase()
          .normalize("NFD")
          .replace(/[^a-z0-9]+/g, "")}.example`
      : "https://example.com",
    name: demo.name ?? "",
    email: demo.email ?? "",
    phone: demo.phone ?? "+34 600 000 199",
    company: demo.company ?? (es ? "Autónomo" : "Independent"),
    industry: demo.industry ?? "Other",
    employees_range: pickFrom(EMPLOYEES, index),
    headquarters: es
      ? pickFrom(["Madrid, España", "Barcelona, España", "Valencia, España"], index)
      : pickFrom(["London, UK", "Austin, USA", "Dublin, Ireland"], index),
    role: pickFrom(ROLES, index),
    uses_ai: index % 3 === 0 ? "Yes" : "No",
    data_storage: pickFrom(STORAGE, index),
    has_data_team: index % 2 === 0 ? "No" : "Yes",
    areas: [pickFrom(AREAS, index), pickFrom(AREAS, index + 2)],
    challenge: es
      ? "Perdemos tiempo en tareas manuales repetitivas y las respuestas a clientes llegan tarde."
      : "Repetitive manual work slows us down and customers wait too long for answers.",
    timeline: pickFrom(TIMELINES, index),
    budget: pickFrom(BUDGETS, index),
    preferred_contact: pickFrom(CONTACT, index),
    message:
      demo.message ??
      (es
        ? "Nos gustaría ver una demo con nuestros datos."
        : "We would like a demo with our own data."),
  };
}

function buildRecords(demo: DemoLead, index: number, referenceDate: Date): LeadRecords {
  const leadId = seedId(`lead:${demo.key}`);
  // Office hours, varied per lead, so lists sorted by time do not look machine-made.
  const createdAt = new Date(
    referenceDate.getTime() - demo.daysAgo * DAY_MS + (9 + (index % 9)) * HOUR_MS,
  );
  const actor = STAFF[index % STAFF.length] as string;
  const es = demo.lang === "es";

  // `detail` holds each entry's facts, as the app writes them (lib/crm/crm.schema.ts, ActivityDetail).
  const events: Array<{
    type: string;
    content: string;
    actor: string;
    detail?: Record<string, string | null>;
  }> = [];
  if (demo.source === "optin") {
    events.push({
      type: "optin",
      content: es ? "Completó el cuestionario de la web." : "Completed the website questionnaire.",
      actor: "system",
      detail: { source: "optin", message: null },
    });
  }
  if (demo.source === "home_form") {
    events.push({
      type: "optin",
      content:
        `${es ? "Mensaje del formulario" : "Contact form message"}: ${demo.message ?? ""}`.trim(),
      actor: "system",
      detail: { source: "home_form", message: demo.message ?? null },
    });
  } else if (demo.message) {
    events.push({ type: "note", content: demo.message, actor });
  }
  for (const note of demo.notes ?? []) events.push({ type: "note", content: note, actor });
  for (const [from, to] of stageTransitions(demo))
    events.push({ type: "stage_change", content: `${from} → ${to}`, actor, detail: { from, to } });

  // Spread the history between creation and a few hours before the reference date.
  const span = Math.max(demo.daysAgo * DAY_MS - 6 * HOUR_MS, HOUR_MS);
  const activities = events.map((event, position) => ({
    id: seedId(`activity:${demo.key}:${position}`),
    leadId,
    ...event,
    createdAt: new Date(
      createdAt.getTime() + Math.round((span * position) / Math.max(events.length, 1)),
    ),
  }));
  const lastTouch = activities.at(-1)?.createdAt ?? createdAt;

  const tasks = (demo.tasks ?? []).map(([title, status], position) => ({
    id: seedId(`task:${demo.key}:${position}`),
    leadId,
    title,
    status,
    createdAt: new Date(createdAt.getTime() + (position + 1) * HOUR_MS),
    updatedAt:
      status === todo ? new Date(createdAt.getTime() + (position + 1) * HOUR_MS) : lastTouch,
  }));

  const answers = buildAnswers(demo, index);
  const submissions = answers
    ? [
        {
          id: seedId(`submission:${demo.key}`),
          submissionId: `seed-${demo.key}`,
          leadId,
          source: demo.source,
          lang: demo.lang,
          answers: answers as Prisma.InputJsonValue,
          createdAt,
        },
      ]
    : [];

  return {
    submissions,
    lead: {
      id: leadId,
      name: demo.name ?? null,
      email: demo.email ?? null,
      phone: demo.phone ?? null,
      company: demo.company ?? null,
      industry: demo.industry ?? null,
      stage: demo.stage,
      source: demo.source,
      lang: demo.lang,
      createdAt,
      updatedAt: lastTouch,
    },
    activities,
    tasks,
  };
}

/** The moves that took the lead to its stage: along the pipeline, then to Lost from where it stalled. */
function stageTransitions(demo: DemoLead): Array<[LeadStage, LeadStage]> {
  const reached = demo.stage === Lost ? (demo.lostAt ?? Qualification) : demo.stage;
  const path = PIPELINE.slice(0, PIPELINE.indexOf(reached) + 1);
  if (demo.stage === Lost) path.push(Lost);
  return path.slice(1).map((to, position) => [path[position] as LeadStage, to]);
}

/** Name-based UUID (v5 layout over SHA-1), so every run computes the same ids. */
function seedId(key: string): string {
  const hash = createHash("sha1").update(`avanza-demo-seed:${key}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
