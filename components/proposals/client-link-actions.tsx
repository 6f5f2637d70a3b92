"use client";

import { useState } from "react";

export interface ClientLinkActionLabels {
  print: string;
  pdf: string;
  pdfWorking: string;
  pdfFailed: string;
  signedPdf: string;
  agent: string;
}

interface ClientLinkActionsProps {
  labels: ClientLinkActionLabels;
  phoneHref: string;
  /** Once signed, the one download is the server's sealed PDF; before, the page exports itself. */
  signedPdfHref: string | null;
  /** The element the unsigned export draws, and the file's names. */
  pdf: { elementId: string; fileName: string; title: string; author: string };
}

const actionButton =
  "rounded-full border border-border px-3 py-1.5 text-center text-sm font-semibold hover:bg-surface-strong disabled:opacity-60";

/** The client link's actions: print, one PDF download and a call to an agent. */
export function ClientLinkActions({
  labels,
  phoneHref,
  signedPdfHref,
  pdf,
}: ClientLinkActionsProps) {
  const [isExporting, setIsExporting] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  async function exportPdf() {
    const element = document.getElementById(pdf.elementId);
    if (!element) return;
    setIsExporting(true);
    setHasFailed(false);
    try {
      const { exportProposalPdf } = await import("./export-pdf");
      await exportProposalPdf(element, pdf);
    } catch (error) {
      console.warn("[proposal] PDF export failed", error);
      setHasFailed(true);
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <>
      <button type="button" className={actionButton} onClick={() => window.print()}>
        {labels.print}
      </button>
      {signedPdfHref ? (
        <a href={signedPdfHref} download className={actionButton} data-testid="signed-pdf-link">
          {labels.signedPdf}
        </a>
      ) : (
        <button
          type="button"
          className={actionButton}
          disabled={isExporting}
          onClick={() => void exportPdf()}
          data-testid="pdf-button"
        >
          {isExporting ? labels.pdfWorking : labels.pdf}
        </button>
      )}
      <a
        href={phoneHref}
        className="rounded-full bg-accent px-3 py-1.5 text-center text-sm font-semibold text-on-accent hover:brightness-110"
      >
        {labels.agent}
      </a>
      {hasFailed && (
        <p role="alert" className="text-sm font-medium text-accent-text">
          {labels.pdfFailed}
        </p>
      )}
    </>
  );
}
