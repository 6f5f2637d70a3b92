"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { showToast } from "@/components/ui/toast";
import { decideHeldSubmission, type HeldSubmissionDto } from "./leads-api";

/** The "Needs review" list: each held submission can be filed as a lead or discarded. */
export function ReviewList({ initialItems }: { initialItems: HeldSubmissionDto[] }) {
  const t = useTranslations("Crm.Review");
  const format = useFormatter();
  const [items, setItems] = useState(initialItems);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function decide(id: string, decision: "accept" | "discard") {
    setBusyId(id);
    try {
      await decideHeldSubmission(id, decision);
      setItems((current) => current.filter((item) => item.id !== id));
      showToast(decision === "accept" ? t("accepted") : t("discarded"), { tone: "success" });
    } catch (error) {
      showToast(t("failed", { reason: (error as Error).message }), { tone: "error" });
    } finally {
      setBusyId(null);
    }
  }

  if (items.length === 0) return <p className="text-muted">{t("empty")}</p>;
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item.id} className="space-y-2 rounded-xl border border-border p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold">
              {item.name} <span className="font-normal text-muted">&lt;{item.email}&gt;</span>
            </p>
            <p className="text-sm text-muted">
              {t("received", {
                date: format.dateTime(new Date(item.created_at), {
                  dateStyle: "medium",
                  timeStyle: "short",
                }),
              })}
              {item.client_address ? ` · ${t("from", { address: item.client_address })}` : ""}
            </p>
          </div>
          {item.company && <p className="text-sm">{item.company}</p>}
          {item.message && <p className="line-clamp-3 text-sm text-muted">{item.message}</p>}
          <div className="flex gap-2">
            <Button
              size="sm"
              isBusy={busyId === item.id}
              onClick={() => void decide(item.id, "accept")}
            >
              {t("accept")}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={busyId === item.id}
              onClick={() => void decide(item.id, "discard")}
            >
              {t("discard")}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
