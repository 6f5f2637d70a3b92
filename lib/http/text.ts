import { z } from "zod";

/**
 * Text we refuse anywhere: NUL (PostgreSQL text cannot hold it), other C0 controls except tab and
 * line breaks, and the bidirectional overrides/isolates that make stored text display differently
 * from what it says.
 */
const FORBIDDEN_CHARACTERS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

/** Why a piece of text cannot be stored, or null when it is fine. */
export function textProblem(value: string): string | null {
  if (!value.isWellFormed()) return "Contains an invalid character (a lone surrogate).";
  if (FORBIDDEN_CHARACTERS.test(value)) return "Contains a control character that is not allowed.";
  return null;
}

/**
 * The shared zod string: refuses NUL, control characters and lone surrogates (naming the field in
 * the 400), and normalises to NFC so that "é" typed two ways is one value for search and dedupe.
 */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem, continue: false });
    })
    .overwrite((value) => value.normalize("NFC"));
}

export interface TextIssue {
  path: string;
  message: string;
}

/**
 * Walks a parsed JSON value (or query object): returns the first unsafe string with its field path,
 * and otherwise a copy with every string (keys included) in NFC. Every body and query passes through
 * here before its schema, so no endpoint can forget it.
 */
export function sanitiseJson(value: unknown): { value: unknown } | { issue: TextIssue } {
  const walk = (node: unknown, path: string[]): unknown => {
    if (typeof node === "string") {
      const problem = textProblem(node);
      if (problem) throw new UnsafeText({ path: path.join(".") || "body", message: problem });
      return node.normalize("NFC");
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, String(index)]));
    if (node && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        const keyProblem = textProblem(key);
        if (keyProblem)
          throw new UnsafeText({
            path: [...path, key.replace(/[^\w.-]/g, "?")].join("."),
            message: keyProblem,
          });
        out[key.normalize("NFC")] = walk(child, [...path, key]);
      }
      return out;
    }
    return node;
  };
  try {
    return { value: walk(value, []) };
  } catch (error) {
    if (error instanceof UnsafeText) return { issue: error.issue };
    throw error;
  }
}

class UnsafeText extends Error {
  constructor(readonly issue: TextIssue) {
    super(issue.message);
  }
}
