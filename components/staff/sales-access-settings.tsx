"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { ApiError } from "@/lib/http/api-client";
import {
  SALES_LEAD_VISIBILITIES,
  type SalesLeadVisibility,
  type StaffSettingsDto,
  type TStaffSettings,
} from "@/lib/staff/staff-auth.schema";
import { staffApi } from "./staff-api";

type SalesAccess = Omit<StaffSettingsDto, "require_two_factor">;

/** The owner's choice of what sales accounts may see and take; the server enforces it on every route. */
export function SalesAccessSettings({ initial }: { initial: SalesAccess }) {
  const t = useTranslations("Staff.SalesAccess");
  const tAccounts = useTranslations("Staff.Accounts");
  const tError = useTranslations("Staff.AccountErrors");
  const [access, setAccess] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function save(change: TStaffSettings) {
    setError(null);
    setMessage(null);
    const previous = access;
    setAccess({ ...access, ...change });
    try {
      const saved = await staffApi.updateSettings(change);
      setAccess({
        sales_lead_visibility: saved.sales_lead_visibility,
        sales_may_export: saved.sales_may_export,
        sales_may_change_others_proposals: saved.sales_may_change_others_proposals,
      });
      setMessage(t("saved"));
    } catch (caught) {
      setAccess(previous);
      setError(
        caught instanceof ApiError && caught.code === "forbidden"
          ? tError("forbidden")
          : caught instanceof ApiError && caught.code === "unauthenticated"
            ? tError("signedOut")
            : tAccounts("failed"),
      );
    }
  }

  return (
    <section
      aria-labelledby="sales-access-title"
      className="space-y-4 rounded-2xl border border-border bg-background p-6"
    >
      <h2 id="sales-access-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-muted">{t("intro")}</p>
      <Field id="sales-lead-visibility" label={t("visibilityLabel")}>
        {(control) => (
          <Select
            {...control}
            value={access.sales_lead_visibility}
            onChange={(event) =>
              void save({ sales_lead_visibility: event.target.value as SalesLeadVisibility })
            }
          >
            {SALES_LEAD_VISIBILITIES.map((value) => (
              <option key={value} value={value}>
                {t(`visibility.${value}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Checkbox
        label={t("mayExport")}
        checked={access.sales_may_export}
        onChange={(event) => void save({ sales_may_export: event.target.checked })}
      />
      <Checkbox
        label={t("mayChangeOthersProposals")}
        checked={access.sales_may_change_others_proposals}
        onChange={(event) => void save({ sales_may_change_others_proposals: event.target.checked })}
      />
      <div aria-live="polite">
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        {message && <p className="text-sm">{message}</p>}
      </div>
    </section>
  );
}
