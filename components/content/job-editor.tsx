"use client";

import { useTranslations } from "next-intl";
import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import {
  JOB_LOCALES,
  JOB_SECTIONS,
  type JobLocale,
  type JobSection,
} from "@/lib/content/job.schema";
import type { JobDto, JobTranslationDto } from "@/lib/content/job.service";
import { jobsApi } from "./content-api";
import { StudioActions, useStudioFeedback } from "./studio-actions";
import { StudioHistory } from "./studio-history";
import { StudioLanguageColumn } from "./studio-language-column";

/** One language of the form: the lists are edited as text, one item a line. */
type Draft = Omit<JobTranslationDto, "sections"> & { sections: Record<JobSection, string> };

const EMPTY: Draft = {
  title: "",
  team: "",
  location: "",
  type: "",
  summary: "",
  image_alt: "",
  sections: Object.fromEntries(JOB_SECTIONS.map((key) => [key, ""])) as Record<JobSection, string>,
};

const draftOf = (t: JobTranslationDto | undefined): Draft | null =>
  t
    ? {
        ...t,
        sections: Object.fromEntries(
          JOB_SECTIONS.map((key) => [key, (t.sections[key] ?? []).join("\n")]),
        ) as Record<JobSection, string>,
      }
    : null;

const toInput = (draft: Draft) => ({
  title: draft.title,
  team: draft.team,
  location: draft.location,
  type: draft.type,
  summary: draft.summary,
  image_alt: draft.image_alt,
  sections: Object.fromEntries(
    JOB_SECTIONS.map((key) => [
      key,
      draft.sections[key]
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    ]),
  ),
});

interface Facts {
  id: string;
  date_posted: string;
  closing_date: string;
  countries: string;
  salary_currency: string;
  salary_min: string;
  salary_max: string;
  apply_kind: "email" | "url";
  apply_value: string;
}

const factsOf = (job: JobDto | null): Facts => ({
  id: job?.id ?? "",
  date_posted: job?.date_posted ?? "",
  closing_date: job?.closing_date ?? "",
  countries: (job?.applicant_countries ?? ["US"]).join(", "),
  salary_currency: job?.salary?.currency ?? "USD",
  salary_min: job?.salary ? String(job.salary.min) : "",
  salary_max: job?.salary ? String(job.salary.max) : "",
  apply_kind: job && "url" in job.apply ? "url" : "email",
  apply_value: job ? ("url" in job.apply ? job.apply.url : job.apply.email_subject) : "",
});

/**
 * The job editor: the facts (address, dates, pay, how to apply) once, then Spanish and English side by
 * side. Managers and owners save, open and close; anyone else on the staff reads it. Saving sends the
 * revision it edits, so a colleague's save in between is reported instead of overwritten.
 */
export function JobEditor({ job: initial, canWrite }: { job: JobDto | null; canWrite: boolean }) {
  const t = useTranslations("ContentStudio");
  const tj = useTranslations("ContentStudio.jobs");
  const router = useRouter();
  const [job, setJob] = useState(initial);
  const [facts, setFacts] = useState(() => factsOf(initial));
  const [drafts, setDrafts] = useState<Record<JobLocale, Draft | null>>({
    es: initial ? draftOf(initial.translations.es) : { ...EMPTY },
    en: initial ? draftOf(initial.translations.en) : { ...EMPTY },
  });
  const { notice, setNotice, fieldErrors, setFieldErrors, busy, report, run } = useStudioFeedback(
    (revision) => tj("stale", { revision }),
  );

  const setFact = (patch: Partial<Facts>) => setFacts((current) => ({ ...current, ...patch }));
  const errorOf = (field: string) => fieldErrors[field]?.join(" ");

  async function save(): Promise<JobDto> {
    const translations: Partial<Record<JobLocale, ReturnType<typeof toInput> | null>> = {};
    for (const locale of JOB_LOCALES) {
      const draft = drafts[locale];
      if (draft) translations[locale] = toInput(draft);
      else if (job?.translations[locale]) translations[locale] = null;
    }
    const hasSalary = facts.salary_min.trim() !== "" || facts.salary_max.trim() !== "";
    const common = {
      date_posted: facts.date_posted || null,
      closing_date: facts.closing_date || null,
      applicant_countries: facts.countries
        .split(",")
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
      salary: hasSalary
        ? {
            currency: facts.salary_currency.trim().toUpperCase(),
            min: Number(facts.salary_min),
            max: Number(facts.salary_max),
          }
        : null,
      ...(facts.apply_value.trim() && {
        apply:
          facts.apply_kind === "url"
            ? { url: facts.apply_value.trim() }
            : { email_subject: facts.apply_value.trim() },
      }),
    };
    const saved = job
      ? await jobsApi.update(job.id, { revision: job.revision, translations, ...common })
      : await jobsApi.create({
          id: facts.id,
          translations: {
            ...(translations.es && { es: translations.es }),
            ...(translations.en && { en: translations.en }),
          },
          ...common,
        });
    setJob(saved);
    setFacts(factsOf(saved));
    setFieldErrors({});
    return saved;
  }

  async function act(name: string, work: () => Promise<JobDto | null>) {
    const result = await run(name, work);
    // A new job moves to its own address once the whole action (save, then open) is done.
    if (result && !job) router.replace(`/crm/content/jobs/${result.id}`);
  }

  const onSave = () =>
    act("save", async () => {
      const saved = await save();
      setNotice({ tone: "ok", text: t("saved", { revision: saved.revision }) });
      return saved;
    });
  const onOpen = () =>
    act("open", async () => {
      const saved = await save();
      const opened = await jobsApi.open(saved.id);
      setJob(opened);
      setFacts(factsOf(opened));
      setNotice({ tone: "ok", text: tj("opened") });
      return opened;
    });
  const onClose = () =>
    act("close", async () => {
      if (!job) return null;
      const closed = await jobsApi.close(job.id);
      setJob(closed);
      setNotice({ tone: "ok", text: tj("closed") });
      return closed;
    });

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div className="space-y-2">
        <IntentLink href="/crm/content/jobs" className="text-sm text-accent-text underline">
          {tj("back")}
        </IntentLink>
        <h1 className="font-display text-2xl font-semibold">
          {job ? tj("editTitle") : tj("newTitle")}
        </h1>
        {job && (
          <p className="text-sm text-muted" data-testid="job-state">
            {t("statusLabel", { status: tj(`status.${job.status}`) })} ·{" "}
            {t("revisionLabel", { revision: job.revision })}
            {job.status !== "draft" && (
              <>
                {" · "}
                <a
                  href={`/en/careers/${job.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline"
                >
                  {t("view")}
                </a>
              </>
            )}
          </p>
        )}
        {!canWrite && <p className="text-sm text-muted">{tj("onlyManagers")}</p>}
      </div>

      <fieldset disabled={!canWrite} className="min-w-0 space-y-6">
        <section
          aria-labelledby="job-facts"
          className="grid min-w-0 gap-4 rounded-2xl border border-border bg-background p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-3"
        >
          <h2
            id="job-facts"
            className="font-display text-xl font-semibold sm:col-span-2 lg:col-span-3"
          >
            {tj("factsTitle")}
          </h2>
          <Field
            label={tj("fields.id")}
            hint={tj("fields.idHint", { id: facts.id || "…" })}
            error={errorOf("id")}
          >
            {(control) => (
              <Input
                {...control}
                value={facts.id}
                readOnly={job !== null}
                onChange={(event) => setFact({ id: event.target.value })}
              />
            )}
          </Field>
          <Field
            label={tj("fields.datePosted")}
            hint={tj("fields.datePostedHint")}
            error={errorOf("date_posted")}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                value={facts.date_posted}
                onChange={(event) => setFact({ date_posted: event.target.value })}
              />
            )}
          </Field>
          <Field
            label={tj("fields.closingDate")}
            hint={tj("fields.closingDateHint")}
            error={errorOf("closing_date")}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                value={facts.closing_date}
                onChange={(event) => setFact({ closing_date: event.target.value })}
              />
            )}
          </Field>
          <Field label={tj("fields.countries")} error={errorOf("applicant_countries")}>
            {(control) => (
              <Input
                {...control}
                value={facts.countries}
                onChange={(event) => setFact({ countries: event.target.value })}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3 sm:gap-2">
            <Field label={tj("fields.currency")} error={errorOf("salary.currency")}>
              {(control) => (
                <Input
                  {...control}
                  value={facts.salary_currency}
                  maxLength={3}
                  onChange={(event) => setFact({ salary_currency: event.target.value })}
                />
              )}
            </Field>
            <Field label={tj("fields.salaryMin")} error={errorOf("salary.min")}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={facts.salary_min}
                  onChange={(event) => setFact({ salary_min: event.target.value })}
                />
              )}
            </Field>
            <Field label={tj("fields.salaryMax")} error={errorOf("salary.max")}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={facts.salary_max}
                  onChange={(event) => setFact({ salary_max: event.target.value })}
                />
              )}
            </Field>
          </div>
          <fieldset className="min-w-0 space-y-2 sm:col-span-2 lg:col-span-3">
            <legend className="text-sm font-medium">{tj("fields.apply")}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(["email", "url"] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="apply-kind"
                    className="size-5"
                    checked={facts.apply_kind === kind}
                    onChange={() => setFact({ apply_kind: kind })}
                  />
                  {tj(`fields.apply_${kind}`)}
                </label>
              ))}
            </div>
            <Field
              label={facts.apply_kind === "url" ? tj("fields.applyUrl") : tj("fields.applySubject")}
              error={errorOf("apply.url") ?? errorOf("apply.email_subject") ?? errorOf("apply")}
            >
              {(control) => (
                <Input
                  {...control}
                  value={facts.apply_value}
                  onChange={(event) => setFact({ apply_value: event.target.value })}
                />
              )}
            </Field>
          </fieldset>
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          {JOB_LOCALES.map((locale) => (
            <LanguageColumn
              key={locale}
              locale={locale}
              draft={drafts[locale]}
              errors={fieldErrors}
              onInclude={(isIncluded) =>
                setDrafts((current) => ({
                  ...current,
                  [locale]: isIncluded
                    ? (draftOf(job?.translations[locale]) ?? { ...EMPTY })
                    : null,
                }))
              }
              onChange={(patch) =>
                setDrafts((current) => ({
                  ...current,
                  [locale]: { ...(current[locale] ?? EMPTY), ...patch },
                }))
              }
            />
          ))}
        </div>
      </fieldset>

      {job && (
        <StudioHistory
          queryKey={["content", "job", job.id]}
          revision={job.revision}
          canRestore={canWrite}
          load={() => jobsApi.revisions(job.id)}
          restore={(revision) => jobsApi.restore(job.id, revision)}
          onError={report}
          onRestored={(restored, revision) => {
            setJob(restored);
            setFacts(factsOf(restored));
            setDrafts({
              es: draftOf(restored.translations.es),
              en: draftOf(restored.translations.en),
            });
            setFieldErrors({});
            setNotice({ tone: "ok", text: t("restored", { revision }) });
          }}
        />
      )}

      {canWrite && (
        <StudioActions notice={notice}>
          <Button type="button" variant="secondary" onClick={onSave} disabled={busy !== null}>
            {busy === "save" ? t("saving") : tj("save")}
          </Button>
          {job?.status !== "open" && (
            <Button type="button" onClick={onOpen} disabled={busy !== null}>
              {tj("open")}
            </Button>
          )}
          {job?.status === "open" && (
            <Button type="button" variant="ghost" onClick={onClose} disabled={busy !== null}>
              {tj("close")}
            </Button>
          )}
        </StudioActions>
      )}
    </main>
  );
}

function LanguageColumn({
  locale,
  draft,
  errors,
  onInclude,
  onChange,
}: {
  locale: JobLocale;
  draft: Draft | null;
  errors: Record<string, string[]>;
  onInclude: (isIncluded: boolean) => void;
  onChange: (patch: Partial<Draft>) => void;
}) {
  const tj = useTranslations("ContentStudio.jobs");
  const errorOf = (field: string) => errors[`translations.${locale}.${field}`]?.join(" ");
  const text = (field: "title" | "team" | "location" | "type" | "image_alt") => (
    <Field label={tj(`fields.${field}`)} error={errorOf(field)}>
      {(control) => (
        <Input
          {...control}
          value={draft![field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
      )}
    </Field>
  );

  return (
    <StudioLanguageColumn
      locale={locale}
      idPrefix="job-column"
      isIncluded={draft !== null}
      onInclude={onInclude}
      includeLabel={(language) => tj("includeLanguage", { language })}
      absentText={(language) => tj("notInLanguage", { language })}
    >
      {draft && (
        <>
          {text("title")}
          <div className="grid gap-4 sm:grid-cols-3">
            {text("team")}
            {text("location")}
            {text("type")}
          </div>
          <Field label={tj("fields.summary")} error={errorOf("summary")}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                value={draft.summary}
                onChange={(event) => onChange({ summary: event.target.value })}
              />
            )}
          </Field>
          {text("image_alt")}
          <p className="text-sm text-muted">{tj("sectionsHint")}</p>
          {JOB_SECTIONS.map((key) => (
            <Field key={key} label={tj(`sections.${key}`)} error={errorOf(`sections.${key}`)}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={key === "role" || key === "tasks" || key === "requirements" ? 4 : 2}
                  value={draft.sections[key]}
                  onChange={(event) =>
                    onChange({ sections: { ...draft.sections, [key]: event.target.value } })
                  }
                />
              )}
            </Field>
          ))}
        </>
      )}
    </StudioLanguageColumn>
  );
}
