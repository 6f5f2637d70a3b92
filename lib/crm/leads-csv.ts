import { csvCell } from "@/lib/http/csv";
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
 * UTF-8 CSV with a byte-order mark, so Excel shows accents right; cells go through the formula guard
 * of `csvCell`.
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
