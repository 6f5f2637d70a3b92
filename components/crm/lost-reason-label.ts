"use client";

import { useTranslations } from "next-intl";
import { isBuiltInLostReason } from "@/lib/crm/lost-reasons";

/** A lost reason as people read it: a built-in key in their language, a manager's own text as typed. */
export function useLostReasonLabel() {
  const t = useTranslations("Crm.LostReasons");
  return (reason: string | null) =>
    reason === null
      ? t("notRecorded")
      : isBuiltInLostReason(reason)
        ? t(`reasons.${reason}`)
        : reason;
}
