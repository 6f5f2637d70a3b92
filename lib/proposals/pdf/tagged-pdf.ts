import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";

// A tagged A4 document (PDF/UA-style structure: headings, paragraphs, lists, tables) on PDFKit, which
// writes one classic cross-reference table: a single revision a signature can extend incrementally.

type Struct = PDFKit.PDFStructureElement;

const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
const REGULAR = path.join(FONT_DIR, "DejaVuSans.ttf");
const BOLD = path.join(FONT_DIR, "DejaVuSans-Bold.ttf");

/*
 * How a document names its two fonts: by their PostScript names, which PDFKit also files them under.
 * PDFKit keeps a document's fonts by the name they were asked for, except when the font is already
 * there under its PostScript name: then it uses that one and keeps nothing under the asked-for name, so
 * every later request by that name opens the font again. Under any other name ("regular") each of the
 * few hundred font switches a proposal makes (every table cell sets its font and restores the last one)
 * read and parsed DejaVu anew: about half a second of CPU per PDF (bench/proposal-pdf.ts).
 */
const REGULAR_FONT = "DejaVuSans";
const BOLD_FONT = "DejaVuSans-Bold";

let dejaVu: Record<typeof REGULAR_FONT | typeof BOLD_FONT, fontkit.Font> | null = null;

function parsedFont(file: string, postscriptName: string): fontkit.Font {
  const font = fontkit.create(readFileSync(file));
  if (!("layout" in font) || font.postscriptName !== postscriptName)
    throw new Error(`${file} is not the font ${postscriptName}.`);
  return font;
}

/**
 * DejaVu, parsed once per thread and shared by every document it renders, so the tables fontkit
 * decodes while laying text out are decoded once. Each document embeds its own subset; the parsed font
 * itself is only read from.
 */
export function dejaVuFonts() {
  dejaVu ??= {
    [REGULAR_FONT]: parsedFont(REGULAR, REGULAR_FONT),
    [BOLD_FONT]: parsedFont(BOLD, BOLD_FONT),
  };
  return dejaVu;
}

/**
 * PDFKit's code takes a parsed font wherever it takes a font file; its types list only files and bytes
 * (the constructor's option only a file name), so the parsed font is typed as one.
 */
const asFontSource = (font: fontkit.Font) => font as unknown as string;

export const COLORS = {
  ink: "#1a1d21",
  muted: "#5e6873",
  rule: "#e1e4e8",
  headerFill: "#eef0f2",
  accent: "#f97316",
  accentText: "#b84709",
  highlight: "#0e7490",
} as const;

const MARGIN = 56;

export interface TableCell {
  text: string;
  isHeader?: boolean;
  isBold?: boolean;
  align?: "left" | "right";
  color?: string;
}

export interface TableSpec {
  /** The column headers (one header row). */
  head: string[];
  rows: (string | TableCell)[][];
  /** Column widths in points, or "*" to share what is left. */
  widths?: (number | "*")[];
  /** The first cell of every body row heads its row (a `TH` with row scope), as on the web page. */
  hasRowHeaders?: boolean;
  /** Right-aligned columns (amounts). */
  rightColumns?: number[];
  fontSize?: number;
}

export interface DocumentInfo {
  title: string;
  author: string;
  subject?: string;
  lang: string;
}

/** Lays out a tagged document top-down; every drawn text belongs to a structure element. */
export class TaggedPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly root: Struct;
  private readonly done: Promise<Uint8Array>;

  constructor(info: DocumentInfo) {
    const fonts = dejaVuFonts();
    this.doc = new PDFDocument({
      size: "A4",
      pdfVersion: "1.7",
      tagged: true,
      lang: info.lang,
      displayTitle: true,
      // DejaVu from the start, so PDFKit never loads its built-in Latin-1 Helvetica.
      font: asFontSource(fonts[REGULAR_FONT]),
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: info.title,
        Author: info.author,
        Subject: info.subject ?? info.title,
        Creator: info.author,
        Producer: info.author,
      },
    });
    // Registered under the names PDFKit files them by, with those names as their families too: a table
    // cell restores the font before it by its source (the parsed font) and family, so the family is
    // what finds it again.
    for (const name of [REGULAR_FONT, BOLD_FONT] as const)
      this.doc.registerFont(name, asFontSource(fonts[name]), name);
    const chunks: Buffer[] = [];
    this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
      this.doc.on("error", reject);
    });
    this.root = this.doc.struct("Document");
    this.doc.addStructure(this.root);
    this.doc.font(REGULAR_FONT).fontSize(10).fillColor(COLORS.ink);
  }

  get contentWidth() {
    return this.doc.page.width - MARGIN * 2;
  }

  /** A grouping element (Sect, Div) under the document or another group. */
  group(type: "Sect" | "Div" | "Art", parent: Struct = this.root): Struct {
    const element = this.doc.struct(type);
    parent.add(element);
    return element;
  }

  /** Starts a new page when less than `height` points are left, so a heading never ends a page. */
  keepSpace(height: number) {
    if (this.doc.y + height > this.doc.page.height - MARGIN) this.newPage();
  }

  newPage() {
    this.doc.addPage();
    this.doc.x = MARGIN;
  }

  gap(points: number) {
    this.doc.y += points;
  }

  heading(level: 1 | 2 | 3, text: string, parent: Struct) {
    const size = level === 1 ? 20 : level === 2 ? 14 : 11;
    // A heading keeps its first lines (or a table's head and first row) on its page.
    this.keepSpace(level === 1 ? 80 : 120);
    this.gap(level === 1 ? 0 : level === 2 ? 14 : 8);
    this.doc.x = MARGIN;
    this.doc
      .font(BOLD_FONT)
      .fontSize(size)
      .fillColor(COLORS.ink)
      .text(text, { structParent: parent, structType: `H${level}` });
    if (level === 2) {
      // The orange rule under section headings, as on the web page; decoration, not content.
      const y = this.doc.y + 2;
      this.artifact(() =>
        this.doc
          .moveTo(MARGIN, y)
          .lineTo(MARGIN + this.contentWidth, y)
          .lineWidth(1.5)
          .strokeColor(COLORS.accent)
          .stroke(),
      );
      this.gap(8);
    } else this.gap(4);
    this.doc.font(REGULAR_FONT).fontSize(10).fillColor(COLORS.ink);
  }

  paragraph(
    text: string,
    parent: Struct,
    {
      size = 10,
      isBold = false,
      color = COLORS.ink,
      gap = 4,
      indent = 0,
    }: { size?: number; isBold?: boolean; color?: string; gap?: number; indent?: number } = {},
  ) {
    this.doc.x = MARGIN + indent;
    this.doc
      .font(isBold ? BOLD_FONT : REGULAR_FONT)
      .fontSize(size)
      .fillColor(color)
      .text(text, { structParent: parent, width: this.contentWidth - indent });
    this.doc.x = MARGIN;
    this.gap(gap);
    this.doc.font(REGULAR_FONT).fontSize(10).fillColor(COLORS.ink);
  }

  /** A list (L › LI › Lbl + LBody), bulleted or numbered. */
  list(items: string[], parent: Struct, { isNumbered = false, indent = 0 } = {}) {
    const list = this.doc.struct("L");
    parent.add(list);
    this.doc.x = MARGIN + indent + 14;
    this.doc
      .font(REGULAR_FONT)
      .fontSize(10)
      .fillColor(COLORS.ink)
      .list(items, {
        structParent: list,
        listType: isNumbered ? "numbered" : "bullet",
        bulletRadius: 1.6,
        textIndent: 12,
        bulletIndent: 0,
        paragraphGap: 3,
        width: this.contentWidth - indent - 14,
      });
    list.end();
    this.doc.x = MARGIN;
    this.gap(6);
  }

  /** An ordered list whose items carry a bold first line and an optional nested bullet list. */
  steps(items: { title: string; detail?: string; bullets?: string[] }[], parent: Struct) {
    const list = this.doc.struct("L");
    parent.add(list);
    items.forEach((item, index) => {
      this.keepSpace(40);
      const entry = this.doc.struct("LI");
      list.add(entry);
      this.doc.x = MARGIN;
      this.doc
        .font(BOLD_FONT)
        .fontSize(10)
        .fillColor(COLORS.accentText)
        .text(`${index + 1}.`, { structParent: entry, structType: "Lbl", continued: false });
      this.doc.moveUp();
      const body = this.doc.struct("LBody");
      entry.add(body);
      this.doc.x = MARGIN + 18;
      this.doc
        .font(BOLD_FONT)
        .fillColor(COLORS.ink)
        .text(item.title, { structParent: body, width: this.contentWidth - 18 });
      if (item.detail)
        this.paragraph(item.detail, body, { color: COLORS.muted, indent: 18, gap: 1 });
      if (item.bullets?.length) this.list(item.bullets, body, { indent: 18 });
      body.end();
      entry.end();
      this.doc.x = MARGIN;
      this.gap(4);
    });
    list.end();
  }

  table(spec: TableSpec, parent: Struct) {
    const size = spec.fontSize ?? 9;
    this.keepSpace(60);
    this.doc.x = MARGIN;
    const right = new Set(spec.rightColumns ?? []);
    const cell = (value: string | TableCell, column: number, isHeadRow: boolean) => {
      const c = typeof value === "string" ? { text: value } : value;
      const isHeader = isHeadRow || c.isHeader || (spec.hasRowHeaders && column === 0);
      return {
        text: c.text,
        type: isHeader ? ("TH" as const) : ("TD" as const),
        // Row headers name their row; the head row's cells name their columns.
        scope: isHeadRow ? "Column" : isHeader ? "Row" : undefined,
        font: { src: isHeadRow || c.isBold || isHeader ? BOLD_FONT : REGULAR_FONT, size },
        textColor: c.color ?? COLORS.ink,
        align: { x: c.align ?? (right.has(column) ? "right" : "left"), y: "top" as const },
        ...(isHeadRow ? { backgroundColor: COLORS.headerFill } : {}),
      };
    };
    const options = {
      structParent: parent,
      columnStyles: spec.widths ?? "*",
      defaultStyle: {
        border: { top: 0, left: 0, right: 0, bottom: 0.75 },
        borderColor: { bottom: COLORS.rule },
        padding: { top: 5, bottom: 5, left: 6, right: 6 },
      },
      data: [
        spec.head.map((text, column) => cell(text, column, true)),
        ...spec.rows.map((row) => row.map((value, column) => cell(value, column, false))),
      ],
    };
    // PDFKit 0.20 tags a table under `structParent` (Table › TR › TH/TD); its type definitions omit it.
    this.doc.table(options as unknown as PDFKit.Mixins.TableOptionsWithData);
    this.doc.x = MARGIN;
    this.doc.font(REGULAR_FONT).fontSize(10).fillColor(COLORS.ink);
    this.gap(10);
  }

  image(bytes: Uint8Array, parent: Struct, { alt, maxWidth, maxHeight }: ImageOptions) {
    this.keepSpace(maxHeight + 8);
    const y = this.doc.y;
    const figure = this.doc.struct("Figure", { alt }, () =>
      this.doc.image(Buffer.from(bytes), MARGIN, y, { fit: [maxWidth, maxHeight] }),
    );
    parent.add(figure);
    figure.end();
    this.doc.x = MARGIN;
    this.doc.y = y + maxHeight + 6;
  }

  /** A ruled line to sign or write on by hand (printed unsigned copies). */
  writingLine(parent: Struct, label: string) {
    this.keepSpace(36);
    this.gap(18);
    const y = this.doc.y;
    this.artifact(() =>
      this.doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + 260, y)
        .lineWidth(0.75)
        .strokeColor(COLORS.muted)
        .stroke(),
    );
    this.gap(3);
    this.paragraph(label, parent, { size: 8, color: COLORS.muted, gap: 2 });
  }

  /** Drawing that is not content (rules, page furniture): marked as an artifact for assistive technology. */
  artifact(draw: () => void, type: "Layout" | "Pagination" = "Layout") {
    this.doc.markContent("Artifact", { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** Page furniture on every page: the brand on top, the running footer and page numbers below. */
  private furnish(header: string, footer: (page: number, pages: number) => string) {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      this.doc.switchToPage(index);
      // Writing in the bottom margin must not open a new page.
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.artifact(() => {
        this.doc
          .font(BOLD_FONT)
          .fontSize(9)
          .fillColor(COLORS.accentText)
          .text(header, MARGIN, 28, { width: this.contentWidth, lineBreak: false });
        this.doc
          .moveTo(MARGIN, 42)
          .lineTo(MARGIN + this.contentWidth, 42)
          .lineWidth(0.5)
          .strokeColor(COLORS.rule)
          .stroke();
        this.doc
          .font(REGULAR_FONT)
          .fontSize(8)
          .fillColor(COLORS.muted)
          .text(footer(index - range.start + 1, range.count), MARGIN, this.doc.page.height - 36, {
            width: this.contentWidth,
            align: "center",
            lineBreak: false,
          });
      }, "Pagination");
      this.doc.page.margins.bottom = bottom;
    }
  }

  async finish(furniture: {
    header: string;
    footer: (page: number, pages: number) => string;
  }): Promise<Uint8Array> {
    this.root.end();
    this.furnish(furniture.header, furniture.footer);
    this.doc.end();
    return this.done;
  }
}

interface ImageOptions {
  alt: string;
  maxWidth: number;
  maxHeight: number;
}
