"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { StaffDirectoryEntryDto } from "@/lib/staff/account-directory.schema";
import { Select } from "@/components/ui/select";

/** Questionnaire wording in the CRM's language, keyed by the API's field names (built on the server). */
export interface AnswerLabels {
  fields: Record<string, string>;
  values: Record<string, Record<string, string>>;
}

/**
 * Who is looking and who else is on the team (owner labels, pickers, the "mine" defaults), and the
 * questionnaire wording for the answers panel.
 */
export interface CrmPeople {
  answerLabels: AnswerLabels;
  /** Meeting types' titles in the CRM's language by slug: a booking's submission files the slug. */
  meetingTypeTitles: Record<string, string>;
  directory: StaffDirectoryEntryDto[];
  /**
   * Managers and owners: deactivated accounts that still own open leads or have open tasks. The filters list
   * them (never the pickers), so their work can be found and handed over.
   */
  formerColleagues: StaffDirectoryEntryDto[];
  /** The signed-in account's id (every session has an account). */
  viewerId: string;
  /**
   * Managers and owners: they reassign leads, set a value by hand and the days allowed per stage. Decided on the
   * server from the session; the routes check it again.
   */
  isManager: boolean;
  /** Whether the CSV export is offered: managers and owners, and sales when the owner allows it (the route checks). */
  mayExportLeads: boolean;
}

const CrmPeopleContext = createContext<CrmPeople>({
  answerLabels: { fields: {}, values: {} },
  meetingTypeTitles: {},
  directory: [],
  formerColleagues: [],
  viewerId: "",
  isManager: false,
  mayExportLeads: false,
});

/**
 * A value stored in English for the business (industry "Healthcare") in the reader's language, as the
 * answers panel shows it; a value typed by hand, with no option behind it, is shown as typed.
 */
export function useAnswerValue() {
  const { answerLabels } = useCrmPeople();
  return (field: string, value: string) => answerLabels.values[field]?.[value] ?? value;
}

export function CrmPeopleProvider({ value, children }: { value: CrmPeople; children: ReactNode }) {
  return <CrmPeopleContext.Provider value={value}>{children}</CrmPeopleContext.Provider>;
}

export const useCrmPeople = () => useContext(CrmPeopleContext);

/** "all" in the select; the API takes no parameter for it. */
export const EVERYONE = "all";

/** An owner (or assignee) filter: everyone, mine, unassigned, or one person. */
export function PersonFilter({
  id,
  label,
  mineLabel,
  mineOrNoneLabel,
  value,
  onChange,
  className = "",
}: {
  id: string;
  label: string;
  mineLabel: string;
  /** When given, "mine and unassigned" is offered too (the sales default of the leads list). */
  mineOrNoneLabel?: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const t = useTranslations("Crm.People");
  const { directory, formerColleagues, viewerId } = useCrmPeople();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`min-w-0 text-sm ${className}`}
      >
        <option value={EVERYONE}>{t("everyone")}</option>
        {viewerId && mineOrNoneLabel && <option value="me_or_none">{mineOrNoneLabel}</option>}
        {viewerId && <option value="me">{mineLabel}</option>}
        <option value="none">{t("unassigned")}</option>
        {directory
          .filter((person) => person.id !== viewerId)
          .map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        {formerColleagues.length > 0 && (
          <optgroup label={t("formerGroup")}>
            {formerColleagues.map((person) => (
              <option key={person.id} value={person.id}>
                {t("formerName", { name: person.name })}
              </option>
            ))}
          </optgroup>
        )}
      </Select>
    </>
  );
}
