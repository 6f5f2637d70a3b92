import "server-only";
import { createHash } from "node:crypto";
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
    reason:
      input.lang === "es" ? "Propuesta firmada por el cliente" : "Proposal signed by the client",
  });
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}
