import { site } from "@/lib/site";

// The one layout of every e-mail we send: a whole HTML document in the reader's language
// (<html lang>, <title>), inline styles (mail clients ignore stylesheets), every value escaped, and
// the same content as plain text for the text part.

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export interface MailLink {
  href: string;
  label: string;
}

export interface MailContent {
  lang: "es" | "en";
  /** The document's title: the subject. */
  title: string;
  paragraphs: string[];
  /** Label and value pairs, shown as a table. */
  rows?: [string, string][];
  /** Headed lists of linked lines (the digest). */
  sections?: { heading: string; items: { text: string; href: string }[] }[];
  /** The main action, as a button followed by its address. */
  link?: MailLink;
  /** Paragraphs after the button (the closing and signature). */
  after?: string[];
  /** A small last line (the brand's contact details). */
  footer?: string;
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;

/** The HTML and plain-text parts of one message. */
export function renderMail(content: MailContent): { html: string; text: string } {
  const rows = content.rows ?? [];
  const sections = content.sections ?? [];
  const after = content.after ?? [];
  const table = rows.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;color:#5f6873;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value).replace(/\n/g, "<br>")}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const lists = sections
    .map(
      (section) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2><ul style="padding-left:20px;margin:0">${section.items
          .map(
            (item) =>
              `<li style="margin:0 0 8px"><a href="${escapeHtml(item.href)}" style="color:#1a1d21">${escapeHtml(item.text)}</a></li>`,
          )
          .join("")}</ul>`,
    )
    .join("");
  const button = content.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.link.href)}" style="background:#f97316;color:#111315;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(content.link.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#5f6873">${escapeHtml(content.link.href)}</p>`
    : "";
  const footer = content.footer
    ? `<p style="margin:32px 0 0;color:#5f6873;font-size:13px">${escapeHtml(content.footer)}</p>`
    : "";
  const html = `<!doctype html><html lang="${content.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1d21;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">${content.paragraphs.map(paragraph).join("")}${table}${lists}${button}${after.map(paragraph).join("")}${footer}</body></html>`;
  const text = [
    ...content.paragraphs,
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...sections.map(
      (section) =>
        `${section.heading}:\n${section.items.map((item) => `- ${item.text}\n  ${item.href}`).join("\n")}`,
    ),
    ...(content.link ? [`${content.link.label}: ${content.link.href}`] : []),
    ...after,
    ...(content.footer ? [content.footer] : []),
  ].join("\n\n");
  return { html, text };
}

/** The brand's line under a message to a client. */
export const brandFooter = () => `${site.name} · ${site.phone} · ${site.contactEmail}`;
