"use client";

import { useRef, useState, type FormEvent } from "react";
import { ZContactAnswers } from "@/lib/leads/lead-submission.schema";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { showToast, ToastHost } from "@/components/ui/toast";
import { sendLeadSubmission } from "./lead-outbox";
import { trackedVisit } from "@/lib/analytics/tracker/visit";
import { newSubmissionId } from "./leads-api";
import { useOutboxRetry } from "./use-outbox-retry";

export interface ContactFormText {
  name: string;
  email: string;
  company: string;
  message: string;
  submit: string;
  sending: string;
  honeypot: string;
  thanksTitle: string;
  thanksBody: string;
  savedTitle: string;
  savedBody: string;
  deliveredToast: string;
  dismissToast: string;
  errors: { name: string; email: string; message: string; rejected: string };
}

type Phase = "editing" | "sending" | "thanks" | "saved";
type FieldName = "name" | "email" | "company" | "message";

/** The home page's short contact form: posts to /api/leads as `home_form`, and never loses a message. */
export function ContactForm({ lang, text }: { lang: "es" | "en"; text: ContactFormText }) {
  return (
    <>
      <FormAndOutcome lang={lang} text={text} />
      <ToastHost closeLabel={text.dismissToast} />
    </>
  );
}

function FormAndOutcome({ lang, text }: { lang: "es" | "en"; text: ContactFormText }) {
  const [phase, setPhase] = useState<Phase>("editing");
  const [errors, setErrors] = useState<Partial<Record<FieldName | "form", string>>>({});
  const [openedAt] = useState(() => Date.now());
  const form = useRef<HTMLFormElement>(null);

  // The visitor may have scrolled on by the time a saved message goes out, so it is announced in a
  // toast too. The form brings the toast host: no other public component shows toasts.
  useOutboxRetry(
    phase === "saved",
    () => {
      setPhase("thanks");
      showToast(text.deliveredToast, { tone: "success" });
    },
    () => {
      setErrors({ form: text.errors.rejected });
      setPhase("editing");
      showToast(text.errors.rejected, { tone: "error" });
    },
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = ZContactAnswers.safeParse({
      name: data.name,
      email: data.email,
      company: data.company,
      message: data.message,
    });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      setErrors({
        ...(fields.has("name") ? { name: text.errors.name } : {}),
        ...(fields.has("email") ? { email: text.errors.email } : {}),
        ...(fields.has("message") ? { message: text.errors.message } : {}),
      });
      const firstInvalid = (["name", "email", "message"] as const).find((name) => fields.has(name));
      if (firstInvalid)
        (form.current?.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    setPhase("sending");
    const outcome = await sendLeadSubmission({
      ...parsed.data,
      source: "home_form",
      lang,
      submission_id: newSubmissionId(),
      elapsed_ms: Date.now() - openedAt,
      // Attribution: the tracker's visitor id and campaign tags, only where the tracker may run.
      ...trackedVisit(),
      fax: data.fax ?? "",
    });
    if (outcome === "sent") setPhase("thanks");
    else if (outcome === "queued") setPhase("saved");
    else {
      setErrors({ form: text.errors.rejected });
      setPhase("editing");
    }
  }

  if (phase === "thanks" || phase === "saved") {
    const isThanks = phase === "thanks";
    return (
      <div role="status" className="space-y-2 rounded-2xl border border-border bg-surface p-6">
        <p className="font-display text-xl font-semibold">
          {isThanks ? text.thanksTitle : text.savedTitle}
        </p>
        <p className="text-muted">{isThanks ? text.thanksBody : text.savedBody}</p>
      </div>
    );
  }

  const field = (
    name: FieldName,
    props: { type?: string; autoComplete?: string; isRequired?: boolean; isTextarea?: boolean },
  ) => (
    <Field
      id={`contact-${name}`}
      label={text[name]}
      error={errors[name]}
      isRequired={props.isRequired}
    >
      {(control) =>
        props.isTextarea ? (
          <Textarea {...control} name={name} rows={4} maxLength={4000} />
        ) : (
          <Input
            {...control}
            name={name}
            type={props.type ?? "text"}
            autoComplete={props.autoComplete}
            maxLength={name === "email" ? 254 : 160}
          />
        )
      }
    </Field>
  );

  return (
    <form
      id="home_form"
      ref={form}
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
    >
      {field("name", { autoComplete: "name", isRequired: true })}
      {field("email", { type: "email", autoComplete: "email", isRequired: true })}
      <div className="sm:col-span-2">{field("company", { autoComplete: "organization" })}</div>
      <div className="sm:col-span-2">
        {field("message", { isRequired: true, isTextarea: true })}
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-fax">{text.honeypot}</label>
        <input id="contact-fax" name="fax" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <Button type="submit" isBusy={phase === "sending"}>
          {phase === "sending" ? text.sending : text.submit}
        </Button>
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      </div>
    </form>
  );
}
