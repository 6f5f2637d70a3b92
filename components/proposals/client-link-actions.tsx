import { PrintButton } from "./print-button";

export interface ClientLinkActionLabels {
  print: string;
  pdf: string;
  signedPdf: string;
  agent: string;
}

interface ClientLinkActionsProps {
  labels: ClientLinkActionLabels;
  phoneHref: string;
  /** Once signed, the one download is the server's sealed PDF; before, the server's unsigned PDF of the page. */
  signedPdfHref: string | null;
  pdfHref: string;
}

const actionButton =
  "rounded-full border border-border px-3 py-1.5 text-center text-sm font-semibold hover:bg-surface-strong disabled:opacity-60";

/** The client link's actions: print, one PDF download and a call to an agent. */
export function ClientLinkActions({
  labels,
  phoneHref,
  signedPdfHref,
  pdfHref,
}: ClientLinkActionsProps) {
  return (
    <>
      <PrintButton label={labels.print} className={actionButton} />
      {signedPdfHref ? (
        <a href={signedPdfHref} download className={actionButton} data-testid="signed-pdf-link">
          {labels.signedPdf}
        </a>
      ) : (
        <a href={pdfHref} download className={actionButton} data-testid="pdf-link">
          {labels.pdf}
        </a>
      )}
      <a
        href={phoneHref}
        className="rounded-full bg-accent px-3 py-1.5 text-center text-sm font-semibold text-on-accent hover:brightness-110"
      >
        {labels.agent}
      </a>
    </>
  );
}
