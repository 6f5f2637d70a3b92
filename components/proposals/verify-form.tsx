"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ProposalLang, VerifyResultDto } from "@/lib/proposals/proposal.schema";
import { proposalTranslator, type ProposalCatalogues } from "./proposal-translator";
import { verifySealedPdf } from "./proposals-api";

type Outcome =
  | { kind: "idle" }
  | { kind: "result"; result: VerifyResultDto }
  | { kind: "error"; message: string };

/** `/proposals/verify`: upload a sealed PDF or paste its SHA-256 and learn whether we sealed it. */
export function VerifyForm({
  lang,
  catalogues,
}: {
  lang: ProposalLang;
  catalogues: ProposalCatalogues;
}) {
  const t = proposalTranslator(lang, catalogues);
  const [file, setFile] = useState<File | null>(null);
  const [hash, setHash] = useState("");
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sha256 = hash.trim();
    if (!file && !sha256) return setOutcome({ kind: "error", message: t("verify.needInput") });
    setIsBusy(true);
    try {
      const result = await verifySealedPdf(file ? { file } : { sha256 });
      setOutcome({ kind: "result", result });
    } catch (error) {
      setOutcome({
        kind: "error",
        message: t("verify.failed", {
          reason: error instanceof Error ? error.message : String(error),
        }),
      });
    } finally {
      setIsBusy(false);
    }
  }

  // The zone the certificate page uses, named, with UTC beside it: a bare "14:01" says nothing.
  const formatDate = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat(lang, {
      dateStyle: "long",
      timeStyle: "short",
      timeZone,
    }).format(new Date(iso));
  const formatUtc = (iso: string) =>
    new Intl.DateTimeFormat(lang, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
    }).format(new Date(iso));
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
      <Field label={t("verify.file")} hint={t("verify.fileHint")}>
        {(control) => (
          <Input
            {...control}
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        )}
      </Field>
      <p className="text-sm text-muted">{t("verify.or")}</p>
      <Field label={t("verify.hash")} hint={t("verify.hashHint")}>
        {(control) => (
          <Input
            {...control}
            value={hash}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setHash(event.currentTarget.value)}
          />
        )}
      </Field>
      <Button type="submit" isBusy={isBusy}>
        {isBusy ? t("verify.working") : t("verify.submit")}
      </Button>
      <div aria-live="polite" data-testid="verify-outcome">
        {outcome.kind === "result" &&
          (outcome.result.match ? (
            <div className="rounded-xl border border-cyan-700 p-4">
              <p className="font-semibold">{t("verify.matches")}</p>
              <p>
                {t("verify.matchDetail", {
                  title: outcome.result.title,
                  signer: outcome.result.signer,
                  date: formatDate(outcome.result.signed_at, outcome.result.time_zone),
                  zone: outcome.result.time_zone,
                  utc: formatUtc(outcome.result.signed_at),
                })}
              </p>
              <p className="mt-2 text-sm text-muted">
                {t(outcome.result.kind === "file" ? "verify.matchedFile" : "verify.matchedContent")}
              </p>
            </div>
          ) : (
            <p className="rounded-xl border border-orange-500 p-4 font-semibold">
              {t("verify.noMatch")}
            </p>
          ))}
        {outcome.kind === "error" && (
          <p role="alert" className="font-semibold text-red-700">
            {outcome.message}
          </p>
        )}
      </div>
    </form>
  );
}
