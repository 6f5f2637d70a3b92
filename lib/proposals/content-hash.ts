import { createHash } from "node:crypto";

/** JSON with object keys sorted at every level, so equal content always serialises to the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the canonical JSON: what a signature records it signed. */
export function contentSha256(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}
