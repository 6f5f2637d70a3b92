import "server-only";
import { createHash } from "node:crypto";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import type { ProposalData, ProposalLang } from "../proposal.schema";
import { renderProposalPdf, renderSealedPdf, type SealInput } from "../proposal-pdf";
import { inkedPixelsOf } from "../signature-ink";
import { makeSelfSignedP12, signPdf, type SigningCertificate } from "./seal-crypto";

// What the PDF worker thread does (pdf-worker.ts, pdf-worker-pool.ts): every CPU-bound step of a
// proposal PDF, and decoding the signature drawn for one. Inputs and results are plain data, so they
// cross the thread boundary as they are.

export type PdfTask =
  | {
      kind: "proposal";
      data: ProposalData;
      options: { lang: ProposalLang; brand: string; notice?: string };
    }
  | { kind: "seal"; input: SealInput; certificate: SigningCertificate }
  | { kind: "certificate"; brand: string; password: string }
  | { kind: "ink"; png: Uint8Array };

export interface PdfTaskResults {
  proposal: Uint8Array;
  seal: { bytes: Uint8Array; sha256: string };
  certificate: ReturnType<typeof makeSelfSignedP12>;
  /** The drawn signature's inked pixels; null when it cannot be decoded. */
  ink: number | null;
}

export type PdfTaskResult<Task extends PdfTask> = PdfTaskResults[Task["kind"]];

/**
 * The sealed PDF as it is stored, e-mailed and verified: the rendered document signed with the
 * business's certificate at the moment of signing. Its SHA-256 is the signed file's, so a copy
 * checked by its hash is the exact file the client received.
 */
async function seal(input: SealInput, certificate: SigningCertificate) {
  // A Buffer arrives as a plain Uint8Array; PDFKit reads images from Buffers.
  const rendered = await renderSealedPdf({
    ...input,
    signatureImage: Buffer.from(input.signatureImage),
  });
  const bytes = await signPdf(rendered.bytes, {
    certificate,
    signingTime: input.signedAt,
    // Shown by PDF readers in their signatures panel, in the language the client signed in.
    reason: (input.lang === "es" ? es : en).Proposal.verify.sealReason,
  });
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}

export async function runPdfTask<Task extends PdfTask>(task: Task): Promise<PdfTaskResult<Task>> {
  const result =
    task.kind === "proposal"
      ? await renderProposalPdf(task.data, task.options)
      : task.kind === "seal"
        ? await seal(task.input, task.certificate)
        : task.kind === "certificate"
          ? makeSelfSignedP12(task.brand, task.password)
          : inkedPixelsOf(task.png);
  return result as PdfTaskResult<Task>;
}
