import "server-only";
import { createHash } from "node:crypto";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { signingCertificate, signPdf } from "./pdf-signature";
import { renderSealedPdf } from "./proposal-pdf";

type SealInput = Parameters<typeof renderSealedPdf>[0];

/**
 * The sealed PDF as it is stored, e-mailed and verified: the rendered document signed with the
 * business's certificate at the moment of signing. Its SHA-256 is the signed file's, so a copy
 * checked by its hash is the exact file the client received.
 */
export async function sealSignedPdf(
  input: SealInput,
): Promise<{ bytes: Uint8Array; sha256: string }> {
  const rendered = await renderSealedPdf(input);
  const bytes = await signPdf(rendered.bytes, {
    certificate: await signingCertificate(),
    signingTime: input.signedAt,
    // Shown by PDF readers in their signatures panel, in the language the client signed in.
    reason: (input.lang === "es" ? es : en).Proposal.verify.sealReason,
  });
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}
