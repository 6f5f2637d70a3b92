"use client";

import { useTranslations } from "next-intl";

/** A failed load is never a blank panel: say so and offer a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useTranslations("Crm");
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p>{t("loadError")}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full border border-current px-3 py-1 font-semibold"
      >
        {t("retry")}
      </button>
    </div>
  );
}
