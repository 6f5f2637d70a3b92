/**
 * One CSV cell, shared by every CSV export. A cell a spreadsheet would read as a formula (= + - @, or a
 * leading tab/CR) gets a leading apostrophe: it displays as text, never runs.
 */
export function csvCell(value: string | null): string {
  if (value === null || value === "") return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
