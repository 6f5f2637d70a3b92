import { z } from "zod";

/**
 * Every brand value that differs per deployment ({name}, {phone}, {email}, external links).
 * Defaults are fictional; each one can be overridden by the environment variable beside it.
 * The external lead forms and the meeting page have no default: unset, calls to action stay on
 * our own questionnaire and contact form, which record attribution and give the lead an owner.
 * These values are public (they appear on the site), so this module is safe in any bundle,
 * but statically rendered pages bake them in at build time: change them, then rebuild.
 */
const SiteConfigSchema = z.object({
  name: z.string().min(1).default("Avanza AI"),
  receptionistName: z.string().min(1).default("Camila"),
  phone: z
    .string()
    .regex(/^\+?[\d\s().-]{7,25}$/, "a phone number such as +1 555 0100")
    .default("+1 555 0100"),
  contactEmail: z.email().default("hola@avanza.example"),
  careersEmail: z.email().default("careers@avanza.example"),
  siteUrl: z.url().default("http://localhost:3000"),
  leadFormUrl: z.object({ es: z.url().optional(), en: z.url().optional() }),
  meetingUrl: z.url().optional(),
  /** The video call every booked meeting uses, written into its invitation; unset, the host sends one. */
  meetingVideoUrl: z.url().optional(),
  chatWidget: z.object({
    /** Off unless CHAT_WIDGET_ENABLED=true: the default loader host is fictional and would fail to load. */
    enabled: z.boolean().default(false),
    scriptUrl: z.url().default("https://chat.avanza.example/loader.js"),
    id: z.object({
      es: z.string().min(1).default("avanza-chat-es"),
      en: z.string().min(1).default("avanza-chat-en"),
    }),
  }),
  featuredVideoUrl: z.url().default("https://player.avanza.example/embed/featured"),
});

export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** Reads brand values from an environment; empty strings count as unset. */
export function readSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const value = (key: string) => (env[key]?.trim() ? env[key]!.trim() : undefined);
  const parsed = SiteConfigSchema.safeParse({
    name: value("BRAND_NAME"),
    receptionistName: value("RECEPTIONIST_NAME"),
    phone: value("BRAND_PHONE"),
    contactEmail: value("CONTACT_EMAIL"),
    careersEmail: value("CAREERS_EMAIL"),
    siteUrl: value("SITE_URL"),
    leadFormUrl: { es: value("LEAD_FORM_URL_ES"), en: value("LEAD_FORM_URL_EN") },
    meetingUrl: value("MEETING_URL"),
    meetingVideoUrl: value("MEETING_VIDEO_URL"),
    chatWidget: {
      enabled:
        value("CHAT_WIDGET_ENABLED") === undefined
          ? undefined
          : ["true", "1", "yes"].includes(value("CHAT_WIDGET_ENABLED")!.toLowerCase()),
      scriptUrl: value("CHAT_WIDGET_SCRIPT_URL"),
      id: { es: value("CHAT_WIDGET_ID_ES"), en: value("CHAT_WIDGET_ID_EN") },
    },
    featuredVideoUrl: value("FEATURED_VIDEO_URL"),
  });
  if (!parsed.success) {
    throw new Error(`Invalid brand configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return { ...parsed.data, siteUrl: parsed.data.siteUrl.replace(/\/+$/, "") };
}

/** The brand's square logo (PNG, 512 × 512) for Organization and Article structured data. */
export const LOGO_PATH = "/images/logo.png";

export const site: SiteConfig = readSiteConfig(process.env);

/** `tel:` form of the phone number: digits and a leading plus only. */
export function phoneHref(phone: string = site.phone): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
