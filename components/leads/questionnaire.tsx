"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { createTranslator } from "next-intl";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { hasPendingSubmissions, sendLeadSubmission } from "./lead-outbox";
import { announceQuestionnaireStep, trackedVisit } from "@/lib/analytics/tracker/visit";
import { newSubmissionId } from "./leads-api";
import {
  ZQuestionnaireAnswers,
  type TQuestionnaireAnswers,
} from "@/lib/leads/lead-submission.schema";
import { QUESTIONNAIRE_STEPS, type QuestionnaireStep } from "./questionnaire-steps";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useOutboxRetry } from "./use-outbox-retry";

import { PROGRESS_KEY } from "./questionnaire-progress";
import { articleForAnswers } from "@/lib/content/related-articles";
import type { RelatedArticleKey } from "@/lib/content/related-articles";
import type en from "@/messages/en.json";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The Optin catalogue in one language, as passed from the server. */
export type OptinMessages = (typeof en)["Optin"];
type Values = Record<keyof TQuestionnaireAnswers, string | string[]>;
type Phase = "answering" | "sending" | "thanks" | "saved";

/** What the thank-you offers next, in the questionnaire's language (built on the server). */
export interface ThankYouNextSteps {
  /** "Book a call": the outside scheduler (MEETING_URL) or our own booking page. */
  bookCall?: { href: string; isExternal: boolean };
  /** The article offered for each kind of reading (articles are records: none when none is live). */
  articles: Record<RelatedArticleKey, { title: string; href: string } | null>;
  homeHref: string;
}

interface Progress {
  step: number;
  values: Partial<Values>;
  startedAt: number;
}

const EMPTY: Values = Object.fromEntries(
  QUESTIONNAIRE_STEPS.map((s) => [s.field, s.kind === "multi" ? [] : ""]),
) as unknown as Values;

function readProgress(): Progress | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? "null") as Progress | null;
    return parsed && typeof parsed.step === "number" ? parsed : null;
  } catch {
    return null;
  }
}

/** Which translated message explains why an answer is not accepted yet (null when it is valid). */
function problemOf(step: QuestionnaireStep, value: unknown): string | null {
  const result = ZQuestionnaireAnswers.shape[step.field].safeParse(value);
  if (result.success) return null;
  const isBlank = Array.isArray(value) ? value.length === 0 : String(value ?? "").trim() === "";
  if (step.field === "areas") return "areas";
  if (isBlank) return "required";
  if (step.field === "email" || step.field === "phone" || step.field === "website")
    return step.field;
  return result.error.issues.some((issue) => issue.code === "too_big") ? "tooLong" : "required";
}

/**
 * The 18-step questionnaire: one question at a time, next only when the answer is valid, Back keeps
 * answers, progress survives a reload within the tab, and the answers reach the CRM even across a
 * lost connection (components/leads/lead-outbox.ts).
 */
export function Questionnaire({
  lang,
  messages,
  nextSteps,
}: {
  lang: "es" | "en";
  messages: OptinMessages;
  nextSteps: ThankYouNextSteps;
}) {
  // The ICU formatter lives in this chunk, loaded when the visitor starts, not in the landing's first load.
  const t = useMemo(
    () =>
      createTranslator({
        locale: lang,
        messages: { Optin: messages },
        namespace: "Optin",
      }) as unknown as Translate,
    [lang, messages],
  );
  const [initial] = useState(() => readProgress());
  const [step, setStep] = useState(() =>
    Math.min(initial?.step ?? 0, QUESTIONNAIRE_STEPS.length - 1),
  );
  const [phase, setPhase] = useState<Phase>(() =>
    hasPendingSubmissions() ? "saved" : "answering",
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const [startedAt] = useState(() => initial?.startedAt ?? Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);

  const { register, control, getValues, setValue, getFieldState, formState, handleSubmit } =
    useForm<Values>({
      defaultValues: { ...EMPTY, ...initial?.values },
      mode: "onChange",
      resolver: zodResolver(ZQuestionnaireAnswers) as never,
    });
  const values = useWatch({ control }) as Values;
  const current = QUESTIONNAIRE_STEPS[step]!;
  const problem = problemOf(current, values[current.field]);
  const isTouched =
    getFieldState(current.field, formState).isDirty ||
    getFieldState(current.field, formState).isTouched;
  const isLast = step === QUESTIONNAIRE_STEPS.length - 1;

  // Keep progress for this tab, so a reload resumes where the visitor was.
  useEffect(() => {
    if (phase !== "answering") return;
    sessionStorage.setItem(
      PROGRESS_KEY,
      JSON.stringify({ step, values, startedAt: startedAt } satisfies Progress),
    );
  }, [step, values, phase, startedAt]);

  // Drop-off analytics: the step reached (its number and field name, never the answer).
  useEffect(() => {
    if (phase === "answering") announceQuestionnaireStep(step + 1, current.field);
  }, [step, phase, current.field]);

  // Each new question gets the focus, so the whole flow works from the keyboard.
  useEffect(() => {
    stepRef.current?.querySelector<HTMLElement>("input, textarea")?.focus();
  }, [step]);

  // Answers saved on a failed send are retried with backoff, when the browser is back online, and on a later visit.
  useOutboxRetry(
    phase === "saved",
    () => {
      sessionStorage.removeItem(PROGRESS_KEY);
      setPhase("thanks");
    },
    () => {
      // The saved answers were refused (and dropped): back to the form, which still holds them, with the reason.
      setServerError(t("errors.server", { reason: "400" }));
      setPhase("answering");
    },
  );

  function next() {
    if (problem) {
      setValue(current.field, getValues(current.field), { shouldDirty: true, shouldTouch: true });
      return;
    }
    if (isLast) void handleSubmit(submit)();
    else setStep(step + 1);
  }

  async function submit(answers: Values) {
    setPhase("sending");
    setServerError(null);
    const body = {
      ...(answers as unknown as TQuestionnaireAnswers),
      source: "optin" as const,
      lang,
      submission_id: newSubmissionId(),
      elapsed_ms: Date.now() - startedAt,
      // Attribution: the tracker's visitor id and campaign tags, only where the tracker may run.
      ...trackedVisit(),
      fax: honeypot.current?.value ?? "",
    };
    const outcome = await sendLeadSubmission(body);
    if (outcome === "sent") {
      sessionStorage.removeItem(PROGRESS_KEY);
      setPhase("thanks");
    } else if (outcome === "queued") {
      setPhase("saved");
    } else {
      setServerError(t("errors.server", { reason: "400" }));
      setPhase("answering");
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // Enter advances; in a text area Shift+Enter still starts a new line.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    if ((event.target as HTMLElement).tagName === "BUTTON") return;
    event.preventDefault();
    // Through the form's own submit, so listeners (the analytics tracker) see keyboard and button alike.
    event.currentTarget.requestSubmit();
  }

  if (phase === "thanks") {
    const article = nextSteps.articles[articleForAnswers(values as Partial<TQuestionnaireAnswers>)];
    return (
      <div className="space-y-6 rounded-2xl border border-border bg-background p-6 sm:p-8">
        <div role="status" className="space-y-3">
          <h2 className="font-display text-2xl font-semibold">{t("thanks.title")}</h2>
          <p className="text-muted">{t("thanks.body")}</p>
        </div>
        <section aria-labelledby="thanks-next" className="space-y-4 border-t border-border pt-6">
          <h3 id="thanks-next" className="font-display text-lg font-semibold">
            {t("thanks.nextTitle")}
          </h3>
          {nextSteps.bookCall && (
            <div className="space-y-3">
              <p className="text-sm text-muted">{t("thanks.bookCallLead")}</p>
              <a
                href={nextSteps.bookCall.href}
                {...(nextSteps.bookCall.isExternal
                  ? { target: "_blank", rel: "noopener noreferrer" }
                  : {})}
                className="inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110"
              >
                {t("thanks.bookCall")}
                {nextSteps.bookCall.isExternal && (
                  <span className="sr-only"> {t("thanks.opensInNewTab")}</span>
                )}
              </a>
            </div>
          )}
          {article && (
            <div className="space-y-2">
              <p className="text-sm text-muted">{t("thanks.readLead")}</p>
              <a
                href={article.href}
                className="block rounded-xl border border-border p-4 font-semibold text-highlight underline-offset-4 hover:bg-surface hover:underline"
              >
                {article.title}
              </a>
            </div>
          )}
          <a
            href={nextSteps.homeHref}
            className="inline-block py-1 text-sm font-medium text-muted underline underline-offset-4 hover:text-foreground"
          >
            {t("thanks.home")}
          </a>
        </section>
      </div>
    );
  }
  if (phase === "saved") {
    return (
      <div role="status" className="space-y-3 rounded-2xl border border-accent bg-background p-8">
        <h2 className="font-display text-2xl font-semibold">{t("offline.title")}</h2>
        <p className="text-muted">{t("offline.body")}</p>
      </div>
    );
  }

  const errorId = `q-${current.field}-error`;
  const showProblem = Boolean(problem && isTouched);
  const describedBy = showProblem ? errorId : undefined;
  const label = t(`steps.${current.key}.label`);

  return (
    <form
      id="optin_questionnaire"
      noValidate
      onSubmit={(event) => (event.preventDefault(), next())}
      onKeyDown={onKeyDown}
      // Only the last step's submit is a form submission; earlier ones just move on.
      data-track-submit={isLast ? undefined : "false"}
      aria-labelledby="questionnaire-title"
      className="space-y-6 rounded-2xl border border-border bg-background p-6 sm:p-8"
    >
      <div className="space-y-2">
        <h2 id="questionnaire-title" className="font-display text-xl font-semibold">
          {t("form.title")}
        </h2>
        <p aria-live="polite" className="text-sm text-muted">
          {t("form.progress", { step: step + 1, total: QUESTIONNAIRE_STEPS.length })}
        </p>
        <div className="h-1.5 overflow-hidden rounded-full bg-surface-strong" aria-hidden="true">
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${((step + 1) / QUESTIONNAIRE_STEPS.length) * 100}%` }}
          />
        </div>
      </div>

      <div ref={stepRef} key={current.field} className="space-y-3">
        {current.kind === "choice" || current.kind === "multi" ? (
          <fieldset aria-describedby={describedBy} className="space-y-3">
            <legend className="text-lg font-medium">{label}</legend>
            {current.kind === "multi" && (
              <p className="text-sm text-muted">{t("form.chooseAll")}</p>
            )}
            <div className="grid gap-2 sm:grid-cols-2">
              {current.options.map((option) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border px-4 py-2.5 has-checked:border-accent has-checked:bg-surface"
                >
                  <input
                    type={current.kind === "multi" ? "checkbox" : "radio"}
                    value={option}
                    {...register(current.field)}
                    className="size-4 accent-orange-500"
                  />
                  <span>{t(`options.${current.optionsKey}.${option}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <>
            <label htmlFor={`q-${current.field}`} className="block text-lg font-medium">
              {label}
            </label>
            {current.kind === "textarea" ? (
              <Textarea
                id={`q-${current.field}`}
                rows={4}
                placeholder={t(`steps.${current.key}.placeholder`)}
                aria-invalid={showProblem || undefined}
                aria-describedby={describedBy}
                {...register(current.field)}
              />
            ) : (
              <Input
                id={`q-${current.field}`}
                type={current.kind === "url" ? "text" : current.kind}
                inputMode={current.kind === "url" ? "url" : undefined}
                autoComplete={"autoComplete" in current ? current.autoComplete : undefined}
                placeholder={t(`steps.${current.key}.placeholder`)}
                aria-invalid={showProblem || undefined}
                aria-describedby={describedBy}
                {...register(current.field)}
              />
            )}
          </>
        )}
        <p
          id={errorId}
          role="alert"
          className="min-h-5 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {showProblem && problem ? t(`errors.${problem}`) : ""}
        </p>
      </div>

      {/* Invisible to people (and to assistive technology); bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="q-fax">{t("form.honeypot")}</label>
        <input
          id="q-fax"
          ref={honeypot}
          name="fax"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      {serverError && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {serverError}
        </p>
      )}

      <div className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          onClick={() => setStep(step - 1)}
          disabled={step === 0}
          className="disabled:invisible"
        >
          {t("form.back")}
        </Button>
        <span className="hidden text-xs text-muted sm:inline">{t("form.enterHint")}</span>
        <Button type="submit" disabled={Boolean(problem)} isBusy={phase === "sending"}>
          {phase === "sending" ? t("form.sending") : isLast ? t("form.submit") : t("form.next")}
        </Button>
      </div>
    </form>
  );
}
