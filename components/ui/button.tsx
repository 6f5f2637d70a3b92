import type { ComponentProps } from "react";

const VARIANTS = {
  primary: "bg-accent text-on-accent hover:brightness-110",
  secondary: "border border-border bg-background hover:bg-surface",
  ghost: "hover:bg-surface",
  danger: "bg-red-700 text-white hover:brightness-110 dark:bg-red-500 dark:text-ink-950",
} as const;

const SIZES = {
  // 44 px tall: the smallest comfortable touch target.
  md: "min-h-11 px-5 py-2.5",
  sm: "min-h-9 px-3 py-1.5 text-sm",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Marks the button as working: it is disabled and announced as busy. */
  isBusy?: boolean;
};

export function Button({
  variant = "primary",
  size = "md",
  isBusy = false,
  type = "button",
  disabled,
  className = "",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-full font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...props}
    />
  );
}
