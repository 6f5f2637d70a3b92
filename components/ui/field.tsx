import { useId, type ReactNode } from "react";

export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  isRequired?: boolean;
  /** Shown after the label of a required field (for example "*"); screen readers hear `required` instead. */
  requiredMark?: string;
  /** Use a fixed id when something else (a test, a skip link) must find the control. */
  id?: string;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, hint and error around one control, with the ids that tie them together for assistive technology. */
export function Field({
  label,
  hint,
  error,
  isRequired = false,
  requiredMark,
  id,
  className = "space-y-1.5",
  labelClassName = "block text-sm font-medium",
  children,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
        {isRequired && requiredMark ? (
          <span aria-hidden="true" className="text-accent-text">
            {" "}
            {requiredMark}
          </span>
        ) : null}
      </label>
      {children({
        id: controlId,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        required: isRequired || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
