"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { ApiError } from "@/lib/http/api-client";

/** What the last action said: a saved/published line, or why it failed. */
export type StudioNotice = { tone: "ok" | "error"; text: string } | null;

/**
 * An editor's notice, its per-field errors and the action under way, with one way to report a failed
 * call: a stale revision gets `staleText` (a colleague saved in between), anything else the API's message.
 */
export function useStudioFeedback(staleText: (revision: string) => string) {
  const t = useTranslations("ContentStudio");
  const [notice, setNotice] = useState<StudioNotice>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const report = (error: unknown) => {
    if (error instanceof ApiError) {
      setFieldErrors(error.fields ?? {});
      if (error.code === "changed")
        return setNotice({ tone: "error", text: staleText(error.fields?.revision?.[0] ?? "?") });
      return setNotice({ tone: "error", text: t("error", { message: error.message }) });
    }
    setNotice({ tone: "error", text: t("error", { message: String(error) }) });
  };

  /** Runs one action (its name marks the button busy); a failure is reported, never thrown. */
  async function run<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    setBusy(name);
    setNotice(null);
    try {
      return await work();
    } catch (error) {
      report(error);
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  return { notice, setNotice, fieldErrors, setFieldErrors, busy, report, run };
}

/** The bar along an editor's foot: the last action's notice above the action buttons. */
export function StudioActions({ notice, children }: { notice: StudioNotice; children: ReactNode }) {
  return (
    <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-border bg-surface px-4 py-4">
      {notice && (
        <p
          role={notice.tone === "error" ? "alert" : "status"}
          className={notice.tone === "error" ? "text-red-700 dark:text-red-300" : ""}
        >
          {notice.text}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">{children}</div>
    </div>
  );
}
