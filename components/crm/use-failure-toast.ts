"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { showToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/http/api-client";

/** Turns a failed call into a toast; a 401 means the session ended, so the page returns to the lock screen. */
export function useFailureToast() {
  const t = useTranslations("Crm");
  const router = useRouter();
  return useCallback(
    (
      error: unknown,
      messageKey:
        | "moveFailed"
        | "noteFailed"
        | "taskFailed"
        | "taskMoveFailed"
        | "taskChangeFailed"
        | "reassignFailed",
    ) => {
      if (error instanceof ApiError && error.status === 401) {
        showToast(t("toasts.sessionEnded"), { tone: "error" });
        router.refresh();
        return;
      }
      showToast(
        t(`toasts.${messageKey}`, {
          reason: error instanceof Error ? error.message : String(error),
        }),
        { tone: "error" },
      );
    },
    [router, t],
  );
}
