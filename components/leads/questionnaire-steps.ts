import {
  AREAS,
  BUDGETS,
  CONTACT_METHODS,
  DATA_STORAGE,
  EMPLOYEE_RANGES,
  INDUSTRIES,
  ROLES,
  TIMELINES,
  YES_NO,
  type TQuestionnaireAnswers,
} from "@/lib/leads/lead-submission.schema";

type Field = keyof TQuestionnaireAnswers;

export type QuestionnaireStep =
  | {
      field: Field;
      key: string;
      kind: "text" | "email" | "tel" | "url" | "textarea";
      autoComplete?: string;
    }
  | {
      field: Field;
      key: string;
      kind: "choice" | "multi";
      options: readonly string[];
      optionsKey: string;
    };

/** The 18 steps in the order they are asked: website, name, email, … message. */
export const QUESTIONNAIRE_STEPS: QuestionnaireStep[] = [
  { field: "website", key: "website", kind: "url", autoComplete: "url" },
  { field: "name", key: "name", kind: "text", autoComplete: "name" },
  { field: "email", key: "email", kind: "email", autoComplete: "email" },
  { field: "phone", key: "phone", kind: "tel", autoComplete: "tel" },
  { field: "company", key: "company", kind: "text", autoComplete: "organization" },
  {
    field: "industry",
    key: "industry",
    kind: "choice",
    options: INDUSTRIES,
    optionsKey: "industry",
  },
  {
    field: "employees_range",
    key: "employees",
    kind: "choice",
    options: EMPLOYEE_RANGES,
    optionsKey: "employees",
  },
  { field: "headquarters", key: "headquarters", kind: "text", autoComplete: "address-level2" },
  { field: "role", key: "role", kind: "choice", options: ROLES, optionsKey: "role" },
  { field: "uses_ai", key: "usesAI", kind: "choice", options: YES_NO, optionsKey: "yesNo" },
  {
    field: "data_storage",
    key: "dataStorage",
    kind: "choice",
    options: DATA_STORAGE,
    optionsKey: "dataStorage",
  },
  {
    field: "has_data_team",
    key: "hasDataTeam",
    kind: "choice",
    options: YES_NO,
    optionsKey: "yesNo",
  },
  { field: "areas", key: "areas", kind: "multi", options: AREAS, optionsKey: "areas" },
  { field: "challenge", key: "challenge", kind: "textarea" },
  {
    field: "timeline",
    key: "timeline",
    kind: "choice",
    options: TIMELINES,
    optionsKey: "timeline",
  },
  { field: "budget", key: "budget", kind: "choice", options: BUDGETS, optionsKey: "budget" },
  {
    field: "preferred_contact",
    key: "preferredContact",
    kind: "choice",
    options: CONTACT_METHODS,
    optionsKey: "preferredContact",
  },
  { field: "message", key: "message", kind: "textarea" },
];
