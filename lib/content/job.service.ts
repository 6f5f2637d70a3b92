import "server-only";
import { db, inTransaction, type DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/app-error";
import type { ContentEditor } from "./content-editor";
import {
  type EmploymentType,
  JOB_LOCALES,
  type JobCreate,
  type JobLocale,
  type JobPatch,
  type JobSections,
  type JobStatus,
  type JobTranslationInput,
  sectionsOf,
} from "./job.schema";
import { revalidateJobPages } from "./revalidate";
import { type RevisionDto, withEditorNames } from "./revision-history";

export interface JobTranslationDto {
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
  image_alt: string;
  sections: JobSections;
}

export interface JobDto {
  id: string;
  status: JobStatus;
  revision: number;
  date_posted: string | null;
  closing_date: string | null;
  closed_at: string | null;
  employment_type: EmploymentType;
  applicant_countries: string[];
  image_path: string | null;
  salary: { currency: string; min: number; max: number } | null;
  learning_budget: number | null;
  apply: { email_subject: string } | { url: string };
  content_updated_at: string | null;
  created_at: string;
  updated_at: string;
  translations: Partial<Record<JobLocale, JobTranslationDto>>;
}

const withTranslations = { translations: true } as const;
type JobRow = Prisma.JobPostingGetPayload<{ include: typeof withTranslations }>;

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const asDate = (value: string) => new Date(`${value}T00:00:00Z`);

function toDto(row: JobRow): JobDto {
  const translations: JobDto["translations"] = {};
  for (const t of row.translations) {
    translations[t.locale as JobLocale] = {
      title: t.title,
      team: t.team,
      location: t.location,
      type: t.employmentLabel,
      summary: t.summary,
      image_alt: t.imageAlt,
      sections: sectionsOf(t.sections),
    };
  }
  return {
    id: row.id,
    status: row.status as JobStatus,
    revision: row.revision,
    date_posted: day(row.datePosted),
    closing_date: day(row.closingDate),
    closed_at: iso(row.closedAt),
    employment_type: row.employmentType as EmploymentType,
    applicant_countries: row.applicantCountries,
    image_path: row.imagePath,
    salary:
      row.salaryMin !== null && row.salaryMax !== null && row.salaryCurrency
        ? { currency: row.salaryCurrency, min: row.salaryMin, max: row.salaryMax }
        : null,
    learning_budget: row.learningBudget,
    apply: row.applyUrl ? { url: row.applyUrl } : { email_subject: row.applyEmailSubject ?? "" },
    content_updated_at: iso(row.contentUpdatedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations,
  };
}

const notFound = () => new AppError("not_found", "No such job.");

/** The API's roles say it too; the service refuses on its own so no other caller slips past. */
function assertManager(session: ContentEditor) {
  if (session.account.role === "sales")
    throw new AppError("forbidden", "Only managers and owners write, open and close jobs.");
}

async function readJob(id: string, client: DbClient = db): Promise<JobRow> {
  const row = await client.jobPosting.findUnique({ where: { id }, include: withTranslations });
  if (!row) throw notFound();
  return row;
}

/** Locks the job's row for the rest of the transaction and checks the edit is of its current revision. */
async function lockCurrent(tx: DbClient, id: string, revision?: number): Promise<JobRow> {
  const locked = await tx.$queryRaw<{ revision: number }[]>`
    SELECT revision FROM job_postings WHERE id = ${id} FOR UPDATE`;
  if (locked.length === 0) throw notFound();
  const current = locked[0]!.revision;
  if (revision !== undefined && revision !== current)
    throw new AppError(
      "changed",
      `The job changed since you opened it: its current revision is ${current}. Reload it and apply your change again.`,
      { fields: { revision: [String(current)] } },
    );
  return readJob(id, tx);
}

async function recordRevision(tx: DbClient, row: JobRow, session: ContentEditor): Promise<JobDto> {
  const job = toDto(row);
  // Everything an editor can change, as the API shows it (the id and counters aside).
  const state: Partial<JobDto> = { ...job };
  for (const key of ["id", "revision", "created_at", "updated_at"] as const) delete state[key];
  await tx.jobPostingRevision.create({
    data: {
      jobId: row.id,
      revision: row.revision,
      snapshot: JSON.parse(JSON.stringify(state)) as Prisma.InputJsonValue,
      editedBy: session.account.id,
    },
  });
  return job;
}

const translationData = (input: Partial<JobTranslationInput>) => ({
  ...(input.title !== undefined && { title: input.title }),
  ...(input.team !== undefined && { team: input.team }),
  ...(input.location !== undefined && { location: input.location }),
  ...(input.type !== undefined && { employmentLabel: input.type }),
  ...(input.summary !== undefined && { summary: input.summary }),
  ...(input.image_alt !== undefined && { imageAlt: input.image_alt }),
  ...(input.sections !== undefined && { sections: input.sections as Prisma.InputJsonValue }),
});

type Facts = Omit<JobCreate, "id" | "translations">;

function factsData(input: Facts) {
  return {
    ...(input.date_posted !== undefined && {
      datePosted: input.date_posted ? asDate(input.date_posted) : null,
    }),
    ...(input.closing_date !== undefined && {
      closingDate: input.closing_date ? asDate(input.closing_date) : null,
    }),
    ...(input.employment_type !== undefined && { employmentType: input.employment_type }),
    ...(input.applicant_countries !== undefined && {
      applicantCountries: input.applicant_countries,
    }),
    ...(input.image_path !== undefined && { imagePath: input.image_path }),
    ...(input.salary !== undefined && {
      salaryCurrency: input.salary?.currency ?? null,
      salaryMin: input.salary?.min ?? null,
      salaryMax: input.salary?.max ?? null,
    }),
    ...(input.learning_budget !== undefined && { learningBudget: input.learning_budget }),
    ...(input.apply !== undefined &&
      ("url" in input.apply
        ? { applyUrl: input.apply.url, applyEmailSubject: null }
        : { applyEmailSubject: input.apply.email_subject, applyUrl: null })),
  };
}

/** An open job's page must say something in every language it is listed in (400 naming the field). */
function assertOpenable(row: JobRow) {
  const fields: Record<string, string[]> = {};
  if (row.translations.length === 0)
    fields.translations = ["Write the job in at least one language."];
  for (const t of row.translations) {
    if (!t.title.trim()) fields[`translations.${t.locale}.title`] = ["A job needs a title."];
    if (!t.summary.trim()) fields[`translations.${t.locale}.summary`] = ["A job needs a summary."];
  }
  if (Object.keys(fields).length > 0)
    throw new AppError("validation", "The job cannot open yet.", { fields });
}

function assertDates(row: JobRow) {
  if (row.closingDate && row.datePosted && row.closingDate < row.datePosted)
    throw new AppError("validation", "The closing date is before the date posted.", {
      fields: { closing_date: ["On or after the date posted."] },
    });
}

export async function listJobs(query: { status?: JobStatus }): Promise<{ data: JobDto[] }> {
  const rows = await db.jobPosting.findMany({
    where: query.status ? { status: query.status } : {},
    include: withTranslations,
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: 200,
  });
  return { data: rows.map(toDto) };
}

export async function getJob(id: string): Promise<JobDto> {
  return toDto(await readJob(id));
}

export async function createJob(input: JobCreate, session: ContentEditor): Promise<JobDto> {
  assertManager(session);
  const firstTitle = (input.translations.en ?? input.translations.es)!.title;
  const job = await inTransaction(async (tx) => {
    if (await tx.jobPosting.findUnique({ where: { id: input.id }, select: { id: true } }))
      throw new AppError("conflict", `The address "${input.id}" is another job's.`, {
        fields: { id: ["Already in use by another job."] },
      });
    const row = await tx.jobPosting.create({
      data: {
        id: input.id,
        ...factsData(input),
        // Until told otherwise, candidates write to the careers mailbox with the role in the subject.
        ...(input.apply === undefined && { applyEmailSubject: firstTitle || input.id }),
        translations: {
          create: JOB_LOCALES.filter((locale) => input.translations[locale]).map((locale) => ({
            locale,
            ...translationData(input.translations[locale]!),
          })),
        },
      },
      include: withTranslations,
    });
    assertDates(row);
    return recordRevision(tx, row, session);
  });
  return job;
}

/**
 * Writes a change as the job's next revision: each language named (null: removed; left out: kept), the
 * facts, the content date of an open job; then checks it as its status requires and records the revision.
 * Shared by editing and restoring.
 */
async function saveNextRevision(
  tx: DbClient,
  current: JobRow,
  translations: Partial<Record<JobLocale, Partial<JobTranslationInput> | null>>,
  facts: Facts,
  session: ContentEditor,
): Promise<JobDto> {
  for (const locale of JOB_LOCALES) {
    const change = translations[locale];
    if (change === undefined) continue;
    if (change === null) {
      await tx.jobPostingTranslation.deleteMany({ where: { jobId: current.id, locale } });
      continue;
    }
    await tx.jobPostingTranslation.upsert({
      where: { jobId_locale: { jobId: current.id, locale } },
      update: translationData(change),
      create: { jobId: current.id, locale, ...translationData(change) },
    });
  }
  const changed = await tx.jobPosting.update({
    where: { id: current.id },
    data: {
      ...factsData(facts),
      revision: { increment: 1 },
      ...(current.status === "open" && { contentUpdatedAt: new Date() }),
    },
    include: withTranslations,
  });
  assertDates(changed);
  if (changed.status === "open") assertOpenable(changed);
  return recordRevision(tx, changed, session);
}

export async function updateJob(id: string, input: JobPatch, session: ContentEditor) {
  assertManager(session);
  const job = await inTransaction(async (tx) => {
    const current = await lockCurrent(tx, id, input.revision);
    const facts: Partial<JobPatch> = { ...input };
    delete facts.revision;
    delete facts.translations;
    return saveNextRevision(tx, current, input.translations ?? {}, facts as Facts, session);
  });
  if (job.status !== "draft") revalidateJobPages();
  return job;
}

export async function openJob(id: string, session: ContentEditor, now = new Date()) {
  assertManager(session);
  const job = await inTransaction(async (tx) => {
    const current = await lockCurrent(tx, id);
    assertOpenable(current);
    const changed = await tx.jobPosting.update({
      where: { id },
      data: {
        status: "open",
        closedAt: null,
        // The record's date when an editor set one, else the day it opens.
        datePosted: current.datePosted ?? asDate(now.toISOString().slice(0, 10)),
        contentUpdatedAt: now,
        revision: { increment: 1 },
      },
      include: withTranslations,
    });
    return recordRevision(tx, changed, session);
  });
  revalidateJobPages();
  return job;
}

export async function closeJob(id: string, session: ContentEditor, now = new Date()) {
  assertManager(session);
  const job = await inTransaction(async (tx) => {
    await lockCurrent(tx, id);
    const changed = await tx.jobPosting.update({
      where: { id },
      data: { status: "closed", closedAt: now, contentUpdatedAt: now, revision: { increment: 1 } },
      include: withTranslations,
    });
    return recordRevision(tx, changed, session);
  });
  revalidateJobPages();
  return job;
}

export async function listJobRevisions(id: string): Promise<{ data: RevisionDto[] }> {
  await readJob(id);
  const rows = await db.jobPostingRevision.findMany({
    where: { jobId: id },
    orderBy: { revision: "desc" },
  });
  return { data: await withEditorNames(rows) };
}

/**
 * What a kept revision holds, read leniently: the studio's snapshots are the API's job (less its id and
 * counters); the migration's first revisions hold only the status and the translations' table columns.
 */
function restorableOf(snapshot: Prisma.JsonValue): {
  translations: Partial<Record<JobLocale, JobTranslationInput>>;
  facts: Facts;
} {
  const state = (snapshot ?? {}) as Record<string, unknown>;
  const texts = (state.translations ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const word = (value: unknown) => (typeof value === "string" ? value : "");
  const translations: Partial<Record<JobLocale, JobTranslationInput>> = {};
  for (const locale of JOB_LOCALES) {
    const t = texts[locale];
    if (!t) continue;
    translations[locale] = {
      title: word(t.title),
      team: word(t.team),
      location: word(t.location),
      type: word(t.type ?? t.employment_label),
      summary: word(t.summary),
      image_alt: word(t.image_alt),
      sections: sectionsOf(t.sections),
    };
  }
  const facts: Record<string, unknown> = {};
  for (const key of [
    "date_posted",
    "closing_date",
    "employment_type",
    "applicant_countries",
    "image_path",
    "salary",
    "learning_budget",
    "apply",
  ] as const)
    if (key in state) facts[key] = state[key];
  return { translations, facts: facts as Facts };
}

/**
 * Brings back a revision's words and facts as a new revision; the status stays as it is (restoring a
 * draft's words does not close an open job). An open job must still be publishable afterwards.
 */
export async function restoreJobRevision(id: string, revision: number, session: ContentEditor) {
  assertManager(session);
  const job = await inTransaction(async (tx) => {
    const current = await lockCurrent(tx, id);
    const kept = await tx.jobPostingRevision.findUnique({
      where: { jobId_revision: { jobId: id, revision } },
    });
    if (!kept) throw new AppError("not_found", "No such revision.");
    const { translations, facts } = restorableOf(kept.snapshot);
    // A revision without any language (none can be saved so) would leave an empty job: refuse it.
    if (Object.keys(translations).length === 0)
      throw new AppError("validation", "This revision holds no language to bring back.", {
        fields: { translations: ["Write the job in at least one language."] },
      });
    // Every language the revision does not hold is removed.
    const words = Object.fromEntries(
      JOB_LOCALES.map((locale) => [locale, translations[locale] ?? null]),
    ) as Record<JobLocale, JobTranslationInput | null>;
    return saveNextRevision(tx, current, words, facts, session);
  });
  if (job.status !== "draft") revalidateJobPages();
  return job;
}
