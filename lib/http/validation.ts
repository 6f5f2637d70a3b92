import type { z } from "zod";
import { AppError } from "./app-error";
import { apiMessage, type ApiLocale } from "./locale";

/**
 * The one way a validation failure is told: each field by its dotted path ("data.investment.items.0.amount",
 * or "email" for a flat body), every message for it; issues about the body as a whole carry no path.
 */
export function validationFields(error: z.ZodError): {
  fields: Record<string, string[]>;
  bodyMessages: string[];
} {
  const fields: Record<string, string[]> = {};
  const bodyMessages: string[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (path === "") bodyMessages.push(issue.message);
    else (fields[path] ??= []).push(issue.message);
  }
  return { fields, bodyMessages };
}

/** A failed parse as the API's 400: the body's own complaint, else "invalid" in the caller's language. */
export function validationError(error: z.ZodError, locale: ApiLocale): AppError {
  const { fields, bodyMessages } = validationFields(error);
  return new AppError("validation", bodyMessages[0] ?? apiMessage(locale, "invalid"), { fields });
}
