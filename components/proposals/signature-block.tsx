"use client";

import dynamic from "next/dynamic";
import { useId, useRef, useState, type FormEvent } from "react";
import type { SignatureDto } from "@/lib/proposals/proposal.schema";
import type { ProposalT } from "./proposal-translator";
import type { SignaturePadHandle } from "./signature-pad";

// The drawing library loads when the block is shown, not with the page's first JavaScript.
const SignaturePad = dynamic(() => import("./signature-pad").then((m) => m.SignaturePad), {
  ssr: false,
  loading: () => (
    <div className="h-40 w-full rounded-lg border border-dashed border-ink-500 bg-white" />
  ),
});

export type SignatureView = Pick<
  SignatureDto,
  "full_name" | "role" | "company" | "date" | "image"
> & { content_sha256?: string };
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
  onSave: (input: SignatureInput) => Promise<SaveOutcome>;
}

const input = "w-full rounded-lg border border-mist-300 bg-white px-3 py-2 text-sm text-ink-900";

/** What the signer types, in the order the block asks for it. */
const SIGNER_FIELDS = [
  { name: "full_name", label: "signature.fullName", type: "text", autoComplete: "name" },
  { name: "role", label: "signature.role", type: "text", autoComplete: "organization-title" },
  { name: "company", label: "signature.company", type: "text", autoComplete: "organization" },
  { name: "date", label: "signature.date", type: "date", autoComplete: undefined },
] as const;

/** Full name and role, company (prefilled with the client), date and a drawn signature; read-only once signed. */
export function SignatureBlock({
  t,
  clientName,
  signature,
  canSign,
  note,
  onSave,
}: SignatureBlockProps) {
  const id = useId();
  const pad = useRef<SignaturePadHandle | null>(null);
  const [fields, setFields] = useState({ full_name: "", role: "", company: clientName, date: "" });
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  if (signature) {
    return (
      <section
        aria-labelledby={`${id}-title`}
        className="proposal-section proposal-avoid-break mt-10 rounded-xl border border-mist-200 p-6"
        data-testid="proposal-signed"
      >
        <h2 id={`${id}-title`} className="mb-4 font-display text-xl font-semibold">
          {t("sections.signature")}
        </h2>
        {/* A data: URL of the stored PNG; next/image adds nothing here. Erasure removes it. */}
        {signature.image && (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={signature.image}
            alt={t("signature.imageAlt", { name: signature.full_name })}
            className="h-28 w-auto"
          />
        )}
        <p className="mt-3 text-sm">
          {t("signature.signedBy", {
            name: signature.full_name,
            role: signature.role,
            company: signature.company,
            date: signature.date,
          })}
        </p>
        {signature.content_sha256 && (
          <p className="mt-2 text-xs break-all text-ink-500">
            {t("signature.fingerprint", { hash: signature.content_sha256 })}
          </p>
        )}
      </section>
    );
  }

  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) =>
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
      className="proposal-section proposal-avoid-break mt-10 rounded-xl border border-mist-200 p-6"
    >
      <h2 id={`${id}-title`} className="mb-2 font-display text-xl font-semibold">
        {t("sections.signature")}
      </h2>
      <p className="mb-4 text-sm text-ink-500">{t("signature.intro")}</p>
      {note && <p className="mb-4 rounded-lg bg-mist-100 p-3 text-sm">{note}</p>}
      <form
        onSubmit={save}
        noValidate
        data-html2canvas-ignore="true"
        className="grid gap-4 sm:grid-cols-2"
      >
        <fieldset disabled={!canSign || isSaving} className="contents">
          {SIGNER_FIELDS.map((field) => (
            <label key={field.name} className="space-y-1 text-sm font-medium">
              <span>{t(field.label)}</span>
              <input
                className={input}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                value={fields[field.name]}
                onChange={set(field.name)}
                required
              />
            </label>
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
          <div className="flex gap-3 sm:col-span-2">
            <button
              type="button"
              onClick={clear}
              className="rounded-full border border-mist-300 px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-mist-100 disabled:opacity-60"
            >
              {t("signature.clear")}
            </button>
            <button
              type="submit"
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
