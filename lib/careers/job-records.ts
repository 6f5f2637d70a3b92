import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sectionsOf } from "./job.schema";
import type { Job, JobLocale, JobText } from "./jobs";

// Every job image is drawn at 8:5 and cropped to fit (object-cover), so one size describes them all.
const IMAGE_SIZE = { width: 640, height: 400 } as const;
const FALLBACK_IMAGE = "/images/careers/ai-software-developer.svg";

const include = { translations: true } as const;
type Row = Prisma.JobPostingGetPayload<{ include: typeof include }>;

const day = (date: Date) => date.toISOString().slice(0, 10);

function toJob(row: Row): Job {
  const texts: Job["texts"] = {};
  for (const t of row.translations) {
    const sections = sectionsOf(t.sections);
    const text: JobText = {
      title: t.title,
      team: t.team,
      location: t.location,
      type: t.employmentLabel,
      summary: t.summary,
      imageAlt: t.imageAlt,
      role: sections.role ?? [],
      ideal: sections.ideal ?? [],
      requirements: sections.requirements ?? [],
      tasks: sections.tasks ?? [],
      dealBreakers: sections.deal_breakers ?? [],
      education: sections.education ?? [],
      skills: sections.skills ?? [],
      preferred: sections.preferred ?? [],
    };
    texts[t.locale as JobLocale] = text;
  }
  const datePosted = day(row.datePosted ?? row.createdAt);
  const currency = row.salaryCurrency ?? "USD";
  return {
    id: row.id,
    status: row.status === "open" ? "open" : "closed",
    datePosted,
    ...(row.closingDate && { validThrough: day(row.closingDate) }),
    ...(row.status === "closed" && { closedOn: day(row.closedAt ?? row.updatedAt) }),
    employmentType: row.employmentType,
    isRemote: true,
    applicantCountries: row.applicantCountries,
    image: { src: row.imagePath ?? FALLBACK_IMAGE, ...IMAGE_SIZE },
    apply: row.applyUrl
      ? { kind: "url", url: row.applyUrl }
      : { kind: "email", subject: row.applyEmailSubject ?? "" },
    ...(row.salaryMin !== null &&
      row.salaryMax !== null && {
        salary: { currency, min: row.salaryMin, max: row.salaryMax, unit: "YEAR" as const },
      }),
    ...(row.learningBudget !== null && {
      learningBudget: { currency, amount: row.learningBudget },
    }),
    lastModified: day(row.contentUpdatedAt ?? row.datePosted ?? row.updatedAt),
    texts,
  };
}

/** Every job a visitor may open (open or closed; never a draft), newest posting first (same day: in the order they were written). */
export async function publicJobs(): Promise<Job[]> {
  const rows = await db.jobPosting.findMany({
    where: { status: { in: ["open", "closed"] } },
    include,
    orderBy: [{ datePosted: "desc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toJob);
}

/** One job's page: open or closed, null for a draft or an unknown id. */
export async function findPublicJob(id: string): Promise<Job | null> {
  const row = await db.jobPosting.findUnique({ where: { id }, include });
  return row && row.status !== "draft" ? toJob(row) : null;
}
