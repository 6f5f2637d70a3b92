import "server-only";
import { getTranslations } from "next-intl/server";
import { QUESTIONNAIRE_STEPS } from "@/components/leads/questionnaire-steps";
import type { AnswerLabels } from "@/components/crm/crm-people";
import { answerValueLabel } from "@/lib/i18n/answer-values";

/**
 * The questionnaire's own questions, in its order, and its options' labels (lib/i18n/answer-values.ts,
 * the same as every e-mail and the certificate use) in the staff member's language, for the CRM's answers panel.
 */
export async function loadAnswerLabels(locale: "es" | "en"): Promise<AnswerLabels> {
  const t = await getTranslations({ locale, namespace: "Optin" });
  const fields: AnswerLabels["fields"] = {};
  const values: AnswerLabels["values"] = {};
  for (const step of QUESTIONNAIRE_STEPS) {
    fields[step.field] = t(`steps.${step.key}.label` as Parameters<typeof t>[0]);
    if (step.kind === "choice" || step.kind === "multi") {
      values[step.field] = Object.fromEntries(
        step.options.map((option) => [option, answerValueLabel(locale, step.field, option)]),
      );
    }
  }
  return { fields, values };
}
