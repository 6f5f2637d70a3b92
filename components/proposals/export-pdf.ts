/**
 * PDF export (docs/product.md#pdf-and-print): A4 portrait, 10 mm margins, JPEG 0.98, scale 2. html2pdf.js (with html2canvas
 * and jsPDF) is imported on first click only, so the viewer's initial JavaScript does not carry it.
 * html2pdf draws the page as an image; an invisible text layer and the document properties are added
 * so the PDF can be searched and names its client.
 */
export async function exportProposalPdf(
  element: HTMLElement,
  { fileName, title, author }: { fileName: string; title: string; author: string },
): Promise<void> {
  const { default: html2pdf } = await import("html2pdf.js");
  const text = element.innerText.replace(/\n{2,}/g, "\n");
  // The worker is a thenable chain whose `then` returns the worker again (the bundled types say Promise).
  const worker = html2pdf() as unknown as Html2PdfChain;
  await worker
    .set({
      margin: 10,
      filename: fileName,
      image: { type: "jpeg", quality: 0.98 },
      html2canvas: { scale: 2, useCORS: true, backgroundColor: "#ffffff" },
      jsPDF: { unit: "mm", format: "a4", orientation: "portrait" },
      pagebreak: { mode: ["css", "legacy"], avoid: [".proposal-avoid-break", "tr"] },
    })
    .from(element)
    .toPdf()
    .get("pdf")
    .then((pdf: JsPdfLike) => {
      pdf.setProperties({ title, subject: title, author, creator: author });
      addInvisibleText(pdf, text);
    })
    .save();
}

interface Html2PdfChain {
  set(options: Record<string, unknown>): Html2PdfChain;
  from(element: HTMLElement): Html2PdfChain;
  toPdf(): Html2PdfChain;
  get(key: "pdf"): Html2PdfChain;
  then(onFulfilled: (pdf: JsPdfLike) => void): Html2PdfChain;
  save(): Promise<void>;
}

interface JsPdfLike {
  setProperties(properties: Record<string, string>): void;
  setPage(page: number): void;
  getNumberOfPages(): number;
  setFontSize(size: number): void;
  splitTextToSize(text: string, width: number): string[];
  text(text: string | string[], x: number, y: number, options?: { renderingMode?: string }): void;
}

/** The document's text, drawn invisibly over the page images so it can be searched and copied. */
function addInvisibleText(pdf: JsPdfLike, text: string): void {
  // jsPDF's built-in fonts only cover Latin-1; anything else would come out garbled.
  const latin1 = text
    .replace(/[‐-―]/g, "-")
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/…/g, "...")
    .replace(/[^\n\x20-\xff]/g, "");
  const pages = pdf.getNumberOfPages();
  pdf.setFontSize(8);
  const lines = pdf.splitTextToSize(latin1, 190);
  const perPage = Math.ceil(lines.length / pages);
  for (let page = 1; page <= pages; page++) {
    const chunk = lines.slice((page - 1) * perPage, page * perPage);
    if (chunk.length === 0) continue;
    pdf.setPage(page);
    pdf.text(chunk, 10, 14, { renderingMode: "invisible" });
  }
}
