import type { ComponentProps, ReactNode } from "react";

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  label: ReactNode;
  /** Classes for the clickable row that wraps the box and its label. */
  rowClassName?: string;
};

/** A checkbox whose whole row, label included, is the hit area (at least 44 px tall). */
export function Checkbox({ label, rowClassName = "", className = "", ...props }: CheckboxProps) {
  return (
    <label className={`flex min-h-11 cursor-pointer items-center gap-3 ${rowClassName}`}>
      <input
        type="checkbox"
        className={`size-4 shrink-0 accent-orange-500 ${className}`}
        {...props}
      />
      <span>{label}</span>
    </label>
  );
}
