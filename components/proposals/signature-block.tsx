"use client";

import dynamic from "next/dynamic";
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import type { ProposalT } from "./proposal-translator";
import type { SignaturePadHandle } from "./signature-pad";
import { SignedSignature, type SignatureView } from "./signed-signature";

// The drawing library loads when the block is shown, not with the page's first JavaScript.
const SignaturePad = dynamic(() => import("./signature-pad").then((m) => m.SignaturePad), {
  ssr: false,
  loading: () => (
    <div className="h-40 w-full rounded-lg border border-dashed border-ink-500 bg-white" />
  ),
});

export type { SignatureView };
/** What the client submits: a fresh signature always carries its drawn image. */
export type SignatureInput = Omit<SignatureView, "content_sha256" | "image"> & { image: string };
export type SaveOutcome = { ok: true } | { ok: false; message: string };

interface SignatureBlockProps {
  t: ProposalT;
  clientName: string;
  signature: SignatureView | null;
  /** False for an expired proposal or a staff preview: the block is shown but cannot be used. */
  canSign: boolean;
  note?: string;
  /** What signing means, shown above the button (the client link: an electronic signature of this version). */
  consent?: string;
  onSave: (input: SignatureInput) => Promise<SaveOutcome>;
}

const input = "w-full rounded-lg border border-mist-300 bg-white px-3 py-2 text-sm text-ink-900";

/** What the signer types, in the order the block asks for it. */
const SIGNER_FIELDS = [
  { name: "full_name", label: "signature.fullName", type: "text", autoComplete: "name" },
  { name: "role", label: "signature.role", type: "text", autoComplete: "organization-title" },
  { name: "company", label: "signature.company", type: "text", autoComplete: "organization" },
  { name: "date", label: "signature.date", type: "text", autoComplete: undefined },
] as const;

const subscribeNever = () => () => {};

/** Today in the signer's time zone, written the way their browser's language writes dates ("26 de noviembre de 2026"). */
function localToday(): string {
  return new Intl.DateTimeFormat(navigator.language, { dateStyle: "long" }).format(new Date());
}

/** Full name and role, company (prefilled with the client), today's date and a drawn signature; read-only once signed. */
export function SignatureBlock({
  t,
  clientName,
  signature,
  canSign,
  note,
  consent,
  onSave,
}: SignatureBlockProps) {
  const id = useId();
  const pad = useRef<SignaturePadHandle | null>(null);
  // Today is the signer's today, known only in their browser: the server's HTML (and the hydrating
  // render) leave the date empty, then it shows today until the signer changes it.
  const today = useSyncExternalStore(subscribeNever, localToday, () => "");
  const [edited, setFields] = useState({
    full_name: "",
    role: "",
    company: clientName,
    date: null as string | null,
  });
  const fields = { ...edited, date: edited.date ?? today };
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  if (signature) return <SignedSignature t={t} signature={signature} />;

  const set = (key: keyof typeof edited) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const values = {
      full_name: fields.full_name.trim(),
      role: fields.role.trim(),
      company: fields.company.trim(),
      date: fields.date.trim(),
    };
    if (!values.full_name || !values.role || !values.company || !values.date)
      return setError(t("signature.missingFields"));
    if (!pad.current || pad.current.isEmpty()) return setError(t("signature.emptyDrawing"));
    setError(null);
    setIsSaving(true);
    const outcome = await onSave({ ...values, image: pad.current.toDataURL("image/png") });
    setIsSaving(false);
    if (!outcome.ok) setError(outcome.message);
  }

  function clear() {
    pad.current?.clear();
    setError(null);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="proposal-section proposal-avoid-break mt-10 rounded-xl border border-mist-200 p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="mb-2 font-display text-xl font-semibold">
        {t("sections.signature")}
      </h2>
      <p className="mb-4 text-sm text-ink-500">{t("signature.intro")}</p>
      {note && <p className="mb-4 rounded-lg bg-mist-100 p-3 text-sm">{note}</p>}
      <form onSubmit={save} noValidate data-html2canvas-ignore="true">
        <fieldset
          disabled={!canSign || isSaving}
          className="m-0 grid min-w-0 gap-4 border-0 p-0 sm:grid-cols-2"
        >
          <legend className="mb-1 text-base font-semibold">{t("signature.legend")}</legend>
          {SIGNER_FIELDS.map((field) => (
            <div key={field.name} className="space-y-1">
              <label className="block space-y-1 text-sm font-medium">
                <span>{t(field.label)}</span>
                <input
                  className={input}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  value={fields[field.name]}
                  onChange={set(field.name)}
                  aria-describedby={field.name === "date" ? `${id}-date-hint` : undefined}
                  required
                />
              </label>
              {field.name === "date" && (
                <p id={`${id}-date-hint`} className="text-xs text-ink-500">
                  {t("signature.dateHint")}
                </p>
              )}
            </div>
          ))}
          <div className="space-y-1 sm:col-span-2">
            <p id={`${id}-draw`} className="text-sm font-medium">
              {t("signature.draw")}
            </p>
            <p id={`${id}-hint`} className="text-xs text-ink-500">
              {t("signature.drawHint")}
            </p>
            {canSign ? (
              <SignaturePad
                padRef={pad}
                labelledBy={`${id}-draw`}
                describedBy={`${id}-hint`}
                onDrawn={() => setError(null)}
              />
            ) : (
              <div className="h-40 w-full rounded-lg border border-dashed border-mist-300 bg-mist-50" />
            )}
          </div>
          {error && (
            <p role="alert" className="text-sm font-medium text-orange-700 sm:col-span-2">
              {error}
            </p>
          )}
          {consent && (
            <p
              id={`${id}-consent`}
              className="rounded-lg bg-mist-100 p-3 text-sm sm:col-span-2"
              data-testid="signature-consent"
            >
              {consent}
            </p>
          )}
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button
              type="button"
              onClick={clear}
              className="rounded-full border border-mist-300 px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-mist-100 disabled:opacity-60"
            >
              {t("signature.clear")}
            </button>
            <button
              type="submit"
              aria-describedby={consent ? `${id}-consent` : undefined}
              className="rounded-full bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-700 disabled:opacity-60"
            >
              {isSaving ? t("signature.saving") : t("signature.save")}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
