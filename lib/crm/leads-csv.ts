import type { LeadDto } from "./crm.schema";

type Column = Exclude<keyof LeadDto, "owner"> | "owner";

const COLUMNS: Column[] = [
  "name",
  "email",
  "phone",
  "company",
  "industry",
  "stage",
  "source",
  "lang",
  "created_at",
  "owner",
];

/**
 * UTF-8 CSV with a byte-order mark, so Excel shows accents right. A cell a spreadsheet would read as
 * a formula (= + - @, or a leading tab/CR) gets a leading apostrophe: it displays as text, never runs.
 */
export function toLeadsCsv(leads: LeadDto[]): string {
  const lines = [
    COLUMNS.join(","),
    ...leads.map((lead) =>
      COLUMNS.map((column) =>
        csvCell(column === "owner" ? (lead.owner?.name ?? null) : lead[column]),
      ).join(","),
    ),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** One CSV cell, with the formula guard above; shared by every CSV export. */
export function csvCell(value: string | null): string {
  if (value === null || value === "") return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
