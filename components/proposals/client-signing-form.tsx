"use client";

import { createTranslator } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { ApiError } from "@/lib/http/api-client";
import type { ProposalLang } from "@/lib/proposals/proposal.schema";
import type { ProposalMessages } from "./proposal-translator";
import { proposalsApi } from "./proposals-api";
import { SignatureBlock, type SaveOutcome, type SignatureInput } from "./signature-block";

/** The part of the proposal catalogue the signing form reads, so the page ships no more of it. */
export type SigningMessages = Pick<ProposalMessages, "signature"> & {
  sections: Pick<ProposalMessages["sections"], "signature">;
};

interface ClientSigningFormProps {
  token: string;
  /** What the client is reading; the signature names both, so it binds to exactly this version. */
  version: number;
  contentSha256: string;
  lang: ProposalLang;
  messages: SigningMessages;
  clientName: string;
  canSign: boolean;
}

/**
 * The client link's one interactive part: the signing form. After a signature (or when the proposal
 * changed meanwhile) the server page is rendered again, so banner, document and actions follow it.
 */
export function ClientSigningForm({
  token,
  version,
  contentSha256,
  lang,
  messages,
  clientName,
  canSign,
}: ClientSigningFormProps) {
  const router = useRouter();
  const t = useMemo(
    () =>
      createTranslator({
        locale: lang,
        // Only the signing texts travel to the browser; the form reads no other key.
        messages: { Proposal: messages as ProposalMessages },
        namespace: "Proposal",
      }),
    [lang, messages],
  );

  async function sign(input: SignatureInput): Promise<SaveOutcome> {
    try {
      await proposalsApi.sign(token, { ...input, version, content_sha256: contentSha256, lang });
      router.refresh();
      return { ok: true };
    } catch (error) {
      if (!(error instanceof ApiError))
        return { ok: false, message: t("signature.failed", { reason: "network" }) };
      if (error.code === "changed") {
        router.refresh();
        return { ok: false, message: t("signature.changed") };
      }
      if (error.status === 409) return { ok: false, message: t("signature.alreadySigned") };
      if (error.status === 410) return { ok: false, message: t("signature.expired") };
      if (error.status === 413) return { ok: false, message: t("signature.tooLarge") };
      return { ok: false, message: t("signature.failed", { reason: error.message }) };
    }
  }

  return (
    <SignatureBlock
      t={t}
      clientName={clientName}
      signature={null}
      canSign={canSign}
      consent={t("signature.consent", { button: t("signature.save"), version })}
      onSave={sign}
    />
  );
}
