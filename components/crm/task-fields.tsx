"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useCrmPeople } from "./crm-people";

interface TaskFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Layout of the field (label above, gaps); the tasks tab and the lead panel differ. */
  className?: string;
  labelClassName?: string;
  controlClassName?: string;
}

/** Who does the task: an active account, or nobody. The same picker in the tasks tab and the lead panel. */
export function TaskAssigneeField({
  id,
  value,
  onChange,
  className,
  labelClassName,
  controlClassName = "text-sm",
}: TaskFieldProps) {
  const t = useTranslations("Crm.Tasks");
  const { directory } = useCrmPeople();
  return (
    <Field id={id} label={t("assigneeLabel")} className={className} labelClassName={labelClassName}>
      {(control) => (
        <Select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={controlClassName}
        >
          <option value="">{t("nobody")}</option>
          {directory.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** The optional day the task is due (YYYY-MM-DD, as the API takes it). */
export function TaskDueDateField({
  id,
  value,
  onChange,
  className,
  labelClassName,
  controlClassName = "text-sm",
}: TaskFieldProps) {
  const t = useTranslations("Crm.Tasks");
  return (
    <Field id={id} label={t("dueLabel")} className={className} labelClassName={labelClassName}>
      {(control) => (
        <Input
          {...control}
          type="date"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={controlClassName}
        />
      )}
    </Field>
  );
}
