"use client";

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import type { LeadCardDto, LeadDetailDto, LeadStage } from "@/lib/crm/crm.schema";
import type { DealValueDto, StageTotalDto } from "@/lib/crm/deal-value.schema";
import { showToast } from "@/components/ui/toast";
import { useSetLeadValue } from "./crm-queries";
import { useCrmPeople } from "./crm-people";

/** "USD 12,200" when the code is a real ISO code; other texts stay beside the number. */
function useMoney() {
  const format = useFormatter();
  return (amount: number, currency: string) =>
    /^[A-Z]{3}$/.test(currency)
      ? format.number(amount, {
          style: "currency",
          currency,
          minimumFractionDigits: 0,
          maximumFractionDigits: 2,
        })
      : `${currency} ${format.number(amount, { maximumFractionDigits: 2 })}`;
}

/** A lead's value as one line: initial + monthly, 'not readable' for amounts in words, or 'no value'. */
export function DealValueText({ value }: { value: DealValueDto | null }) {
  const t = useTranslations("CrmDeal");
  const money = useMoney();
  if (!value) return <span className="text-muted">{t("noValue")}</span>;
  if (value.initial === null || value.monthly === null)
    return <span className="text-muted italic">{t("unparsed")}</span>;
  const parts: string[] = [];
  if (value.initial > 0 || value.monthly === 0) parts.push(money(value.initial, value.currency));
  if (value.monthly > 0) parts.push(t("monthly", { amount: money(value.monthly, value.currency) }));
  return <span className="font-semibold tabular-nums">{parts.join(" + ")}</span>;
}

/** Days in the current stage; a stale card says so in words and with an icon, not by colour alone. */
export function StageAge({ days, isStale }: { days: number; isStale: boolean }) {
  const t = useTranslations("CrmDeal");
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="tabular-nums">{t("daysInStage", { days })}</span>
      {isStale && (
        <span className="inline-flex items-center gap-0.5 rounded-md border border-current px-1 text-[0.7rem] font-semibold text-accent-text">
          <span aria-hidden="true">⏱</span>
          {t("stale")}
        </span>
      )}
    </span>
  );
}

/** A column's total per currency (deals with unreadable amounts are counted, not summed). */
export function StageTotals({ totals }: { totals: StageTotalDto[] }) {
  const t = useTranslations("CrmDeal");
  const money = useMoney();
  if (totals.length === 0) return null;
  return (
    <ul aria-label={t("totalsLabel")} className="space-y-0.5 text-xs font-normal text-muted">
      {totals.map((total) => (
        <li key={total.currency} className="tabular-nums">
          {money(total.initial, total.currency)}
          {total.monthly > 0 &&
            ` + ${t("monthly", { amount: money(total.monthly, total.currency) })}`}
          {" · "}
          {t("deals", { count: total.deals })}
          {total.unparsed > 0 && ` · ${t("unparsedCount", { count: total.unparsed })}`}
        </li>
      ))}
    </ul>
  );
}

/**
 * The card's stage buttons as one 'Move to…' menu button (WAI-ARIA menu button): the menu opens in place,
 * arrow keys and the first letter of a stage reach any stage, Enter or a tap moves the lead.
 */
export function MoveToMenu({
  leadLabel,
  current,
  stages,
  onMove,
}: {
  leadLabel: string;
  current: LeadStage;
  stages: LeadStage[];
  onMove: (stage: LeadStage) => void;
}) {
  const t = useTranslations("CrmDeal");
  const tCrm = useTranslations("Crm");
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const options = stages.filter((stage) => stage !== current);
  const menuId = useId();

  useEffect(() => {
    if (isOpen) itemRefs.current[0]?.focus();
  }, [isOpen]);

  function close(returnFocus: boolean) {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const items = itemRefs.current.filter(Boolean) as HTMLButtonElement[];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === "ArrowDown") focusAt(index + 1);
    else if (event.key === "ArrowUp") focusAt(index - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(items.length - 1);
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") return close(false);
    else if (/^\p{L}$/u.test(event.key)) {
      const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      const match = items.findIndex((item) =>
        fold(item.textContent ?? "").startsWith(fold(event.key)),
      );
      if (match >= 0) focusAt(match);
    } else return;
    event.preventDefault();
  }

  return (
    <div
      onBlur={(event) => {
        if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null))
          setIsOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
        className="inline-flex min-h-8 items-center gap-1 rounded-md border border-border px-2 text-xs font-semibold hover:bg-surface-strong"
      >
        {t("moveTo")}
        {/* The visible words start the accessible name, which also says which lead. */}
        <span className="sr-only"> {leadLabel}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {isOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label={t("moveMenuLabel", { lead: leadLabel })}
          onKeyDown={onMenuKeyDown}
          className="mt-1 flex flex-col rounded-lg border border-border bg-background p-1 shadow-md"
        >
          {options.map((stage, i) => (
            <button
              key={stage}
              ref={(element) => {
                itemRefs.current[i] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                onMove(stage);
              }}
              className="min-h-9 rounded-md px-2 text-left text-sm hover:bg-surface-strong focus:bg-surface-strong"
            >
              {tCrm(`stages.${stage}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The lead panel's value and age, with the manager's form for a value set by hand. */
export function LeadDealPanel({
  lead,
  onChanged,
}: {
  lead: LeadDetailDto;
  onChanged: (lead: LeadDetailDto) => void;
}) {
  const t = useTranslations("CrmDeal");
  const { isManager } = useCrmPeople();
  const isSetByProposal = lead.value?.source === "proposal";
  const [currency, setCurrency] = useState(lead.value?.currency ?? "USD");
  const [initial, setInitial] = useState(lead.value?.initial?.toString() ?? "");
  const [monthly, setMonthly] = useState(lead.value?.monthly?.toString() ?? "");
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const setLeadValue = useSetLeadValue(lead.id);

  async function save(value: Parameters<typeof setLeadValue.mutateAsync>[0]) {
    setIsSaving(true);
    setError(null);
    try {
      const saved = await setLeadValue.mutateAsync(value);
      onChanged(saved);
      showToast(t("saved"));
    } catch (failure) {
      setError(
        t("saveFailed", { reason: failure instanceof Error ? failure.message : String(failure) }),
      );
    } finally {
      setIsSaving(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const amount = (text: string) => (text.trim() === "" ? 0 : Number(text.replace(",", ".")));
    void save({
      currency: currency.trim().toUpperCase(),
      initial: amount(initial),
      monthly: amount(monthly),
    });
  }

  const inputClass = "w-full rounded-lg border border-border bg-background px-3 py-2 text-sm";
  return (
    <div className="space-y-2" data-testid="lead-deal">
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t("value")}</dt>
        <dd>
          <DealValueText value={lead.value} />
          {lead.value && (
            <span className="ml-1 text-xs text-muted">
              ({t(lead.value.source === "proposal" ? "sourceProposal" : "sourceManual")})
            </span>
          )}
        </dd>
        <dt className="text-muted">{t("ageLabel")}</dt>
        <dd>
          <StageAge days={lead.days_in_stage} isStale={lead.is_stale} />
        </dd>
      </dl>
      {isSetByProposal ? (
        <p className="text-xs text-muted">{t("setByProposal")}</p>
      ) : !isManager ? null : (
        <details>
          <summary className="cursor-pointer text-sm font-medium">{t("setByHand")}</summary>
          <form onSubmit={onSubmit} className="mt-2 grid grid-cols-3 gap-2">
            <div>
              <label htmlFor="deal-currency" className="mb-1 block text-xs font-medium">
                {t("currency")}
              </label>
              <input
                id="deal-currency"
                value={currency}
                onChange={(event) => setCurrency(event.target.value)}
                maxLength={3}
                autoCapitalize="characters"
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="deal-initial" className="mb-1 block text-xs font-medium">
                {t("initial")}
              </label>
              <input
                id="deal-initial"
                inputMode="decimal"
                value={initial}
                onChange={(event) => setInitial(event.target.value)}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="deal-monthly" className="mb-1 block text-xs font-medium">
                {t("monthlyLabel")}
              </label>
              <input
                id="deal-monthly"
                inputMode="decimal"
                value={monthly}
                onChange={(event) => setMonthly(event.target.value)}
                className={inputClass}
              />
            </div>
            <div className="col-span-3 flex flex-wrap gap-2">
              <button
                type="submit"
                disabled={isSaving}
                className="rounded-lg bg-foreground px-3 py-1.5 text-sm font-semibold text-background disabled:opacity-60"
              >
                {t("save")}
              </button>
              {lead.value?.source === "manual" && (
                <button
                  type="button"
                  disabled={isSaving}
                  onClick={() => void save(null)}
                  className="rounded-lg border border-border px-3 py-1.5 text-sm font-semibold"
                >
                  {t("clear")}
                </button>
              )}
            </div>
            {error && (
              <p role="alert" className="col-span-3 text-sm text-accent-text">
                {error}
              </p>
            )}
          </form>
        </details>
      )}
    </div>
  );
}

/** Card facts shared by the pipeline card and the phone list. */
export function LeadCardFacts({ lead }: { lead: LeadCardDto }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
      <DealValueText value={lead.value} />
      <span aria-hidden="true" className="text-muted">
        ·
      </span>
      <StageAge days={lead.days_in_stage} isStale={lead.is_stale} />
    </span>
  );
}
