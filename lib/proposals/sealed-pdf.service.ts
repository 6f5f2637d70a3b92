import "server-only";
import { signingCertificate } from "./pdf-signature";
import { inPdfWorker } from "./pdf/pdf-worker-pool";
import type { SealInput } from "./proposal-pdf";

/**
 * The sealed PDF as it is stored, e-mailed and verified: the rendered document signed with the
 * business's certificate at the moment of signing (rendered and signed in the PDF worker thread).
 * Its SHA-256 is the signed file's, so a copy checked by its hash is the exact file the client received.
 */
export async function sealSignedPdf(
  input: SealInput,
): Promise<{ bytes: Uint8Array; sha256: string }> {
  return inPdfWorker({ kind: "seal", input, certificate: await signingCertificate() });
}
