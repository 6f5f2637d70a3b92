"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { LEAD_STAGES, type LeadDto, type LeadPageDto, type LeadStage } from "@/lib/crm/crm.schema";
import { crmApi, leadsQueryString } from "./crm-api";
import { LeadDetail } from "./lead-detail";
import { LoadError } from "./load-error";
import { NewLeadDialog } from "./new-lead-dialog";

interface LeadsTabProps {
  initialStage?: LeadStage;
  initialQuery?: string;
  initialPage?: LeadPageDto;
  onFilterChange: (filter: { stage?: string; q?: string }) => void;
}

type LoadState = "idle" | "loading" | "error";

export function LeadsTab({
  initialStage,
  initialQuery,
  initialPage,
  onFilterChange,
}: LeadsTabProps) {
  const t = useTranslations("Crm");
  const [searchText, setSearchText] = useState(initialQuery ?? "");
  const [filter, setFilter] = useState<{ stage?: LeadStage; q?: string }>({
    stage: initialStage,
    q: initialQuery,
  });
  const [leads, setLeads] = useState<LeadDto[]>(initialPage?.leads ?? []);
  const [nextCursor, setNextCursor] = useState<string | null>(initialPage?.next_cursor ?? null);
  const [state, setState] = useState<LoadState>(initialPage ? "idle" : "loading");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const sentinel = useRef<HTMLTableRowElement>(null);
  const requestSeq = useRef(0);
  const hasInitialPage = useRef(Boolean(initialPage));

  // State changes happen after the request returns; callers mark the list as loading themselves.
  const load = useCallback(
    async (cursor: string | null) => {
      const seq = ++requestSeq.current;
      try {
        const page = await crmApi.listLeads({ ...filter, cursor });
        if (seq !== requestSeq.current) return; // a newer search has started
        setLeads((current) => (cursor ? [...current, ...page.leads] : page.leads));
        setNextCursor(page.next_cursor);
        setState("idle");
      } catch {
        if (seq === requestSeq.current) setState("error");
      }
    },
    [filter],
  );

  useEffect(() => {
    if (hasInitialPage.current) {
      hasInitialPage.current = false;
      return;
    }
    void load(null);
  }, [load]);

  // Infinite scroll: the row after the last lead asks for the next page when it scrolls into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !nextCursor || state !== "idle") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setState("loading");
        void load(nextCursor);
      },
      { rootMargin: "200px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [nextCursor, state, load]);

  function retry(cursor: string | null) {
    setState("loading");
    void load(cursor);
  }

  function applyFilter(next: { stage?: LeadStage; q?: string }) {
    const clean = { stage: next.stage || undefined, q: next.q?.trim() || undefined };
    setState("loading");
    setFilter(clean);
    onFilterChange(clean);
  }

  function onSearch(event: FormEvent) {
    event.preventDefault();
    applyFilter({ ...filter, q: searchText });
  }

  const updateLead = useCallback(
    (updated: LeadDto) =>
      setLeads((current) => current.map((lead) => (lead.id === updated.id ? updated : lead))),
    [],
  );

  const emptyCell = t("empty");
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section
        aria-label={t("leads.listLabel")}
        className="flex max-h-[70vh] flex-col rounded-2xl border border-border bg-background lg:col-span-2"
      >
        <div className="flex flex-wrap items-end gap-2 border-b border-border p-4">
          <form role="search" onSubmit={onSearch} className="flex min-w-60 flex-1 gap-2">
            <label htmlFor="crm-search" className="sr-only">
              {t("leads.searchLabel")}
            </label>
            <input
              id="crm-search"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t("leads.searchPlaceholder")}
              maxLength={100}
              className="min-w-0 flex-1 rounded-lg border border-border bg-background px-3 py-2 text-sm"
            />
            <button
              type="submit"
              className="rounded-lg bg-foreground px-3 py-2 text-sm font-semibold text-background"
            >
              {t("leads.search")}
            </button>
          </form>
          <label htmlFor="crm-stage-filter" className="sr-only">
            {t("leads.stageFilterLabel")}
          </label>
          <select
            id="crm-stage-filter"
            value={filter.stage ?? ""}
            onChange={(event) =>
              applyFilter({
                ...filter,
                stage: (event.target.value || undefined) as LeadStage | undefined,
              })
            }
            className="rounded-lg border border-border bg-background px-3 py-2 text-sm"
          >
            <option value="">{t("leads.allStages")}</option>
            {LEAD_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {t(`stages.${stage}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => setIsCreating(true)}
            className="rounded-lg border border-border px-3 py-2 text-sm font-semibold hover:bg-surface-strong"
          >
            {t("leads.newLead")}
          </button>
          <a
            href={`/api/crm/leads/export.csv${leadsQueryString(filter)}`}
            download
            className="rounded-lg border border-border px-3 py-2 text-sm font-semibold hover:bg-surface-strong"
          >
            {t("leads.exportCsv")}
          </a>
        </div>
        <div className="min-h-0 flex-1 overflow-auto">
          {state === "error" && leads.length === 0 ? (
            <div className="p-4">
              <LoadError onRetry={() => retry(null)} />
            </div>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-surface text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("leads.columns.name")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("leads.columns.company")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("leads.columns.email")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("leads.columns.stage")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {leads.map((lead) => {
                  const isSelected = lead.id === selectedId;
                  return (
                    <tr
                      key={lead.id}
                      onClick={() => setSelectedId(lead.id)}
                      aria-selected={isSelected}
                      className="cursor-pointer border-t border-border hover:bg-surface aria-selected:bg-surface-strong"
                    >
                      <td className="px-4 py-2 font-medium">
                        <button
                          type="button"
                          onClick={() => setSelectedId(lead.id)}
                          aria-pressed={isSelected}
                          className="text-left"
                        >
                          {lead.name || emptyCell}
                        </button>
                      </td>
                      <td className="px-4 py-2">{lead.company || emptyCell}</td>
                      <td className="px-4 py-2 break-all">{lead.email || emptyCell}</td>
                      <td className="px-4 py-2 whitespace-nowrap">{t(`stages.${lead.stage}`)}</td>
                    </tr>
                  );
                })}
                {nextCursor && (
                  <tr ref={sentinel}>
                    <td colSpan={4} className="px-4 py-3 text-center text-xs text-muted">
                      {state === "error" ? (
                        <LoadError onRetry={() => retry(nextCursor)} />
                      ) : (
                        t("leads.loadingMore")
                      )}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          )}
          {state === "idle" && leads.length === 0 && (
            <p className="p-6 text-center text-sm text-muted">{t("leads.noResults")}</p>
          )}
        </div>
        <p className="border-t border-border px-4 py-2 text-xs text-muted" aria-live="polite">
          {t("leads.count", { count: leads.length })}
        </p>
      </section>
      <LeadDetail key={selectedId ?? "none"} leadId={selectedId} onLeadChanged={updateLead} />
      {isCreating && (
        <NewLeadDialog
          onClose={() => setIsCreating(false)}
          onCreated={(lead) => {
            setIsCreating(false);
            setLeads((current) => [lead, ...current]);
            setSelectedId(lead.id);
          }}
        />
      )}
    </div>
  );
}
