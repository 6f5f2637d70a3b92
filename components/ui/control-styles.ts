/** The look every text-like form control shares: the error state follows `aria-invalid`. */
export const CONTROL_CLASS =
  "w-full rounded-lg border border-border bg-background px-3 py-2 text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-300 disabled:opacity-60";
