import { z } from "zod";

/** Placeholders used when NODE_ENV is not production, so `npm run dev` works with no set-up. */
export const DEV_DEFAULTS = {
  SESSION_SECRET: "dev-only-session-secret-not-for-production-use",
} as const;

const optionalString = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().optional(),
);

const ServerEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string({
      error:
        "DATABASE_URL is not set (start the app with `npm run dev` or `npm start`, which provide one)",
    })
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// URL"),
  /** First owner at start (scripts/run-app.ts): created when no account has this e-mail, never overwritten. */
  STAFF_OWNER_EMAIL: optionalString.refine(
    (v) => v === undefined || /^[^\s@]+@[^\s@]+$/.test(v),
    "STAFF_OWNER_EMAIL must be an e-mail address",
  ),
  STAFF_OWNER_PASSWORD: optionalString.refine(
    (v) => v === undefined || v.length >= 10,
    "STAFF_OWNER_PASSWORD must be at least 10 characters",
  ),
  STAFF_OWNER_NAME: optionalString,
  /** Sign-in attempts per minute from everyone together; past it the lock screen answers 429. */
  STAFF_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SESSION_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    "SESSION_SECRET must be at least 32 characters",
  ),
  /** Proxies in front of the app that append to X-Forwarded-For; 0 when clients reach `npm start` directly (the socket's address counts). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Staff sessions end after this much inactivity (they always end 12 hours after unlocking). */
  STAFF_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(12 * 60)
    .default(30),
  /** Lead submissions one address may send per 10 minutes. */
  LEADS_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Lead submissions filed per hour from all addresses together; past it they are held for review in the CRM, never refused. */
  LEADS_RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(600),
  /** "off" stops handing new leads to the active sales accounts in turn (they stay unassigned until a manager assigns them). */
  LEADS_ROUND_ROBIN: z.enum(["on", "off"]).default("on"),
  /** "allow" lets a staff calendar (CalDAV) live on a private or loopback address; by default only public internet addresses are read. */
  CALENDAR_PRIVATE_ADDRESSES: z.enum(["refuse", "allow"]).default("refuse"),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587; unset = e-mails are recorded as not sent. */
  SMTP_URL: optionalString.refine(
    (v) => v === undefined || /^smtps?:\/\//.test(v),
    "SMTP_URL must be an smtp:// or smtps:// URL",
  ),
  /** Sender of outgoing mail, e.g. "Avanza AI <propuestas@avanza.example>"; defaults to the brand's contact address. */
  MAIL_FROM: optionalString,
  /** Optional OpenAI-compatible endpoint that writes the narrative of a proposal drafted from a lead; all three or none. */
  LLM_BASE_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    "LLM_BASE_URL must be an http(s) URL",
  ),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** The business time zone: analytics days and periods start at its midnight (DST included). */
  ANALYTICS_TIME_ZONE: z
    .preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.string().default("America/New_York"),
    )
    .refine(isTimeZone, "ANALYTICS_TIME_ZONE must be an IANA time zone such as America/New_York"),
  /** Where alerts go when no active account owns the lead or wrote the proposal (new leads, proposals opened or signed); unset = the brand's contact address. */
  SALES_NOTIFY_EMAIL: optionalString.refine(
    (v) => v === undefined || z.email().safeParse(v).success,
    "SALES_NOTIFY_EMAIL must be an e-mail address",
  ),
  /** "off" keeps the job worker out of the web server (run `npm run worker` beside it instead). */
  JOBS_WORKER: z.enum(["on", "off"]).default("on"),
  /** Jobs one worker claims and runs together per round. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  /** How often an idle worker looks for due jobs, in milliseconds. */
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** First retry delay of a failed job in seconds; each further retry waits twice as long (capped at an hour). */
  JOBS_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /** Attempts an e-mail gets before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Tracker requests (batches of events) one address may send per minute before answers turn to 429. */
  ANALYTICS_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
  /** Tracker requests all addresses together may send per second; past it answers turn to 429, so a flood from many addresses cannot fill the tables. */
  ANALYTICS_RATE_LIMIT_GLOBAL_PER_SECOND: z.coerce.number().int().min(1).default(200),
  /** How a client pays a signed proposal, shown under its payment schedule (plain text, one per language). */
  PAYMENT_INSTRUCTIONS_ES: optionalString.refine(
    (v) => v === undefined || v.length <= 2000,
    "PAYMENT_INSTRUCTIONS_ES must be at most 2000 characters",
  ),
  PAYMENT_INSTRUCTIONS_EN: optionalString.refine(
    (v) => v === undefined || v.length <= 2000,
    "PAYMENT_INSTRUCTIONS_EN must be at most 2000 characters",
  ),
  /** Where a client pays online (a payment page or link); offered after signing beside the schedule. */
  PAYMENT_URL: optionalString.refine(
    (v) => v === undefined || /^https:\/\/[^\s]+$/.test(v),
    "PAYMENT_URL must be an https:// URL",
  ),
  /** The business's signing certificate and key as a base64 PKCS#12 (.p12/.pfx); unset = a self-signed one kept in the database. */
  SIGNING_P12_BASE64: optionalString.refine(
    (v) => v === undefined || /^[A-Za-z0-9+/\s]+=*\s*$/.test(v),
    "SIGNING_P12_BASE64 must be the .p12 file in base64",
  ),
  /** The password of SIGNING_P12_BASE64 (may be empty). */
  SIGNING_P12_PASSWORD: z.string().optional(),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type ServerEnv = z.infer<typeof ServerEnvSchema> & { SESSION_SECRET: string };

export class EnvError extends Error {
  override name = "EnvError";
}

/** Secrets a production server cannot run without, by variable name; empty when all are set. */
export function listMissingProductionSecrets(env: Record<string, string | undefined>): string[] {
  const missing: string[] = [];
  if (!env.SESSION_SECRET?.trim())
    missing.push("SESSION_SECRET (at least 32 random characters, e.g. `openssl rand -base64 48`)");
  return missing;
}

/** Parses and checks an environment; throws EnvError naming every problem at once. */
export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const parsed = ServerEnvSchema.safeParse(env);
  if (!parsed.success) throw new EnvError(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  const data = parsed.data;
  if (data.NODE_ENV === "production") {
    const missing = listMissingProductionSecrets(env);
    if (missing.length > 0)
      throw new EnvError(
        `Missing required settings for production:\n${missing.map((m) => `  - ${m}`).join("\n")}`,
      );
    return data as ServerEnv;
  }
  return {
    ...data,
    SESSION_SECRET: data.SESSION_SECRET ?? DEV_DEFAULTS.SESSION_SECRET,
  };
}
