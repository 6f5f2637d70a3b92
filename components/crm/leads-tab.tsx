"use client";

import { useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import {
  LEAD_STAGES,
  type FunnelLeadFilter,
  type LeadCardDto,
  type LeadDto,
  type LeadPageDto,
  type LeadStage,
} from "@/lib/crm/crm.schema";
import { LEAD_SORTS, type LeadSort } from "@/lib/crm/deal-value.schema";
import { leadsQueryString } from "./crm-api";
import { crmKeys, crmQueries, updateCachedLead, type LeadListParams } from "./crm-queries";
import { EVERYONE, PersonFilter, useCrmPeople } from "./crm-people";
import { DealValueText, LeadCardFacts, StageAge } from "./deal-value";
import { LeadDetail } from "./lead-detail";
import { FunnelFilterNote } from "./funnel-filter-note";
import { EmailText } from "./email-text";
import { LoadError } from "./load-error";
import { NewLeadDialog } from "./new-lead-dialog";
import { BulkLeadBar } from "./bulk-lead-bar";

interface LeadsTabProps {
  initialStage?: LeadStage;
  initialQuery?: string;
  initialPage?: LeadPageDto;
  /** When the page with `initialPage` was rendered, so a remounted list knows how old that page is. */
  initialPageAt?: number;
  /** A lead to open at once (`/crm?lead=<id>`, the link in a new-lead alert). */
  initialLeadId?: string;
  /** all, me, none or an account id (shared with the pipeline). */
  owner: string;
  onOwnerChange: (owner: string) => void;
  onFilterChange: (filter: { stage?: string; q?: string }) => void;
  /** The leads behind a dashboard figure (from /analytics), until cleared. */
  funnel?: FunnelLeadFilter;
  onFunnelClear: () => void;
}

export function LeadsTab({
  initialStage,
  initialQuery,
  initialPage,
  initialPageAt,
  initialLeadId,
  owner,
  onOwnerChange,
  onFilterChange,
  funnel,
  onFunnelClear,
}: LeadsTabProps) {
  const t = useTranslations("Crm");
  const tDeal = useTranslations("CrmDeal");
  const tPage = useTranslations("LeadPage");
  const [sort, setSort] = useState<LeadSort>("newest");
  const [searchText, setSearchText] = useState(initialQuery ?? "");
  const [filter, setFilter] = useState<{ stage?: LeadStage; q?: string }>({
    stage: initialStage,
    q: initialQuery,
  });
  const [selectedId, setSelectedId] = useState<string | null>(initialLeadId ?? null);
  const [isCreating, setIsCreating] = useState(false);
  // Managers and owners select leads for a bulk change (the server checks the role again).
  const { isManager } = useCrmPeople();
  const tBulk = useTranslations("BulkLeads");
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const ownerParam = owner === EVERYONE ? undefined : owner;
  const sentinel = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLElement>(null);
  const queryClient = useQueryClient();

  const params: LeadListParams = { ...filter, owner: ownerParam, funnel, sort };
  // The server render's first page seeds the list it was rendered for; any other filter loads its own.
  const [seeded] = useState(() => (initialPage ? { params, page: initialPage } : null));
  const isSeeded = seeded !== null && sameParams(seeded.params, params);
  const list = useInfiniteQuery({
    ...crmQueries.leadList(params),
    ...(isSeeded && {
      initialData: { pages: [seeded.page], pageParams: [null] },
      initialDataUpdatedAt: initialPageAt,
    }),
  });
  const leads = list.data?.pages.flatMap((page) => page.leads) ?? [];
  const isAllChecked = leads.length > 0 && leads.every((lead) => checked.has(lead.id));
  const checkbox = (lead: LeadCardDto) =>
    isManager && (
      <input
        type="checkbox"
        checked={checked.has(lead.id)}
        onChange={() => toggle(lead.id)}
        onClick={(event) => event.stopPropagation()}
        aria-label={tBulk("select", { name: lead.name || lead.email || lead.company || "" })}
        className="size-5 shrink-0 accent-accent"
      />
    );
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;

  // Infinite scroll: the row after the last lead asks for the next page when it scrolls into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "200px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  function applyFilter(next: { stage?: LeadStage; q?: string }) {
    const clean = { stage: next.stage || undefined, q: next.q?.trim() || undefined };
    setFilter(clean);
    onFilterChange(clean);
  }

  function onSearch(event: FormEvent) {
    event.preventDefault();
    applyFilter({ ...filter, q: searchText });
  }

  // A move restarts the lead's days in its stage; a full card (from the panel) replaces the old one whole.
  const updateLead = useCallback(
    (updated: LeadDto | LeadCardDto) =>
      updateCachedLead(queryClient, updated.id, (lead) =>
        "days_in_stage" in updated
          ? updated
          : {
              ...lead,
              ...updated,
              ...(updated.stage !== lead.stage && { days_in_stage: 0, is_stale: false }),
            },
      ),
    [queryClient],
  );

  function closeDetail() {
    setSelectedId(null);
    listRef.current?.focus();
  }

  const emptyCell = t("empty");
  return (
    // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a long option or name must not widen a phone's page.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section
        ref={listRef}
        tabIndex={-1}
        aria-label={t("leads.listLabel")}
        className="flex min-w-0 flex-col rounded-2xl border border-border bg-background md:max-h-[70vh] lg:col-span-2"
      >
        {funnel && <FunnelFilterNote funnel={funnel} onClear={onFunnelClear} />}
        <div className="flex flex-wrap items-end gap-2 border-b border-border p-4">
          <form
            role="search"
            onSubmit={onSearch}
            className="flex w-full min-w-0 gap-2 sm:w-auto sm:min-w-60 sm:flex-1"
          >
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
            className="w-full min-w-0 rounded-lg border border-border bg-background px-3 py-2 text-sm sm:w-auto sm:flex-none"
          >
            <option value="">{t("leads.allStages")}</option>
            {LEAD_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {t(`stages.${stage}`)}
              </option>
            ))}
          </select>
          <PersonFilter
            id="crm-owner-filter"
            label={t("People.ownerFilterLabel")}
            mineLabel={t("People.myLeads")}
            mineOrNoneLabel={tPage("mineAndUnassigned")}
            value={owner}
            onChange={onOwnerChange}
            className="w-full sm:w-auto sm:flex-none"
          />
          <label htmlFor="crm-sort" className="sr-only">
            {tDeal("sortLabel")}
          </label>
          <select
            id="crm-sort"
            value={sort}
            onChange={(event) => setSort(event.target.value as LeadSort)}
            className="w-full min-w-0 rounded-lg border border-border bg-background px-3 py-2 text-sm sm:w-auto sm:flex-none"
          >
            {LEAD_SORTS.map((option) => (
              <option key={option} value={option}>
                {tDeal(`sorts.${option}`)}
              </option>
            ))}
          </select>
          <LeadActions
            onNewLead={() => setIsCreating(true)}
            exportHref={`/api/crm/leads/export.csv${leadsQueryString({ ...filter, owner: ownerParam })}`}
          />
        </div>
        {isManager && checked.size > 0 && (
          <BulkLeadBar ids={[...checked]} onDone={() => setChecked(new Set())} />
        )}
        <div className="min-h-0 flex-1 overflow-auto">
          {list.isError && leads.length === 0 ? (
            <div className="p-4">
              <LoadError onRetry={() => void list.refetch()} />
            </div>
          ) : (
            <>
              <ul aria-label={t("leads.listLabel")} className="divide-y divide-border md:hidden">
                {leads.map((lead) => (
                  <li
                    key={lead.id}
                    className={isManager ? "flex items-center gap-1 pl-4" : undefined}
                  >
                    {checkbox(lead)}
                    <button
                      type="button"
                      onClick={() => setSelectedId(lead.id)}
                      aria-pressed={lead.id === selectedId}
                      className="flex min-h-14 w-full min-w-0 items-center justify-between gap-3 px-4 py-3 text-left aria-pressed:bg-surface-strong"
                    >
                      {/* A long e-mail as the title wraps anywhere, so the stage badge beside it keeps its room. */}
                      <span className="min-w-0">
                        <span className="block font-medium wrap-anywhere">
                          {lead.name || lead.email || emptyCell}
                        </span>
                        <span className="block text-sm break-words text-muted">
                          {lead.company || emptyCell}
                        </span>
                        <span className="block text-xs text-muted">
                          {lead.owner
                            ? t("People.ownedBy", { name: lead.owner.name })
                            : t("People.unassigned")}
                        </span>
                        <span className="mt-0.5 block">
                          <LeadCardFacts lead={lead} />
                        </span>
                      </span>
                      <span className="shrink-0 rounded-full bg-surface-strong px-2 py-0.5 text-xs">
                        {t(`stages.${lead.stage}`)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <table className="hidden w-full text-left text-sm md:table">
                <thead className="sticky top-0 bg-surface text-xs tracking-wide text-muted uppercase">
                  <tr>
                    {isManager && (
                      <th scope="col" className="w-10 py-2 pl-4">
                        <input
                          type="checkbox"
                          checked={isAllChecked}
                          onChange={() =>
                            setChecked(isAllChecked ? new Set() : new Set(leads.map((l) => l.id)))
                          }
                          aria-label={tBulk("selectAll")}
                          className="size-4 accent-accent"
                        />
                      </th>
                    )}
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("leads.columns.name")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("leads.columns.company")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("leads.columns.email")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("leads.columns.stage")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("People.ownerColumn")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {tDeal("columns.value")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {tDeal("columns.age")}
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
                        {isManager && <td className="py-2 pl-4">{checkbox(lead)}</td>}
                        <td className="px-3 py-2 font-medium">
                          <button
                            type="button"
                            onClick={() => setSelectedId(lead.id)}
                            aria-pressed={isSelected}
                            className="text-left"
                          >
                            {lead.name || emptyCell}
                          </button>
                        </td>
                        <td className="px-3 py-2">{lead.company || emptyCell}</td>
                        <td className="px-3 py-2">
                          {lead.email ? (
                            <EmailText
                              email={lead.email}
                              className="inline-block max-w-36 break-words"
                            />
                          ) : (
                            emptyCell
                          )}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">{t(`stages.${lead.stage}`)}</td>
                        <td className="px-3 py-2">{lead.owner?.name ?? emptyCell}</td>
                        <td className="px-3 py-2 text-xs">
                          <DealValueText value={lead.value} />
                        </td>
                        <td className="px-3 py-2 text-xs">
                          <StageAge days={lead.days_in_stage} isStale={lead.is_stale} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {hasNextPage && (
                <div ref={sentinel} className="px-4 py-3 text-center text-xs text-muted">
                  {isFetchNextPageError ? (
                    <LoadError onRetry={() => void fetchNextPage()} />
                  ) : (
                    t("leads.loadingMore")
                  )}
                </div>
              )}
            </>
          )}
          {list.isSuccess && !list.isFetching && leads.length === 0 && (
            <p className="p-6 text-center text-sm text-muted">{t("leads.noResults")}</p>
          )}
        </div>
        <p className="border-t border-border px-4 py-2 text-xs text-muted" aria-live="polite">
          {t("leads.count", { count: leads.length })}
        </p>
      </section>
      {/* Beside the list on wide screens; a full-screen sheet with a back control on phones. */}
      <div
        className={
          selectedId
            ? "fixed inset-0 z-40 overflow-y-auto bg-background p-4 lg:static lg:z-auto lg:overflow-visible lg:bg-transparent lg:p-0"
            : "hidden lg:block"
        }
      >
        {selectedId && (
          <Button variant="secondary" size="sm" onClick={closeDetail} className="mb-3 lg:hidden">
            <span aria-hidden="true">←</span> {t("leads.backToList")}
          </Button>
        )}
        <LeadDetail key={selectedId ?? "none"} leadId={selectedId} onLeadChanged={updateLead} />
      </div>
      {isCreating && (
        <NewLeadDialog
          onClose={() => setIsCreating(false)}
          onCreated={(lead) => {
            setIsCreating(false);
            // Shown at the top of the list in view; every list reloads when next shown.
            queryClient.setQueryData<InfiniteData<LeadPageDto>>(
              crmKeys.leadList(params),
              (data) =>
                data && {
                  ...data,
                  pages: data.pages.map((page, index) =>
                    index === 0
                      ? {
                          ...page,
                          leads: [
                            { ...lead, value: null, days_in_stage: 0, is_stale: false },
                            ...page.leads,
                          ],
                        }
                      : page,
                  ),
                },
            );
            void queryClient.invalidateQueries({
              queryKey: crmKeys.leadLists(),
              refetchType: "none",
            });
            void queryClient.invalidateQueries({ queryKey: crmKeys.boards() });
            setSelectedId(lead.id);
          }}
        />
      )}
    </div>
  );
}

/** 'New lead' and 'Export CSV': side by side on wide screens, behind one menu button on phones. */
function LeadActions({ onNewLead, exportHref }: { onNewLead: () => void; exportHref: string }) {
  const t = useTranslations("Crm");
  const { mayExportLeads } = useCrmPeople();
  // Choosing an action from the phone menu closes it; outside a menu there is nothing to close.
  const closeMenu = (event: MouseEvent<HTMLElement>) =>
    event.currentTarget.closest("details")?.removeAttribute("open");
  const actions = (
    <>
      <button
        type="button"
        onClick={(event) => {
          closeMenu(event);
          onNewLead();
        }}
        className="rounded-lg border border-border px-3 py-2 text-left text-sm font-semibold hover:bg-surface-strong"
      >
        {t("leads.newLead")}
      </button>
      {mayExportLeads && (
        <a
          href={exportHref}
          download
          onClick={closeMenu}
          className="rounded-lg border border-border px-3 py-2 text-sm font-semibold hover:bg-surface-strong"
        >
          {t("leads.exportCsv")}
        </a>
      )}
    </>
  );
  return (
    <>
      <div className="hidden gap-2 sm:flex">{actions}</div>
      {/* At the row's right end, so the menu anchored to its right edge opens on the screen. */}
      <details className="relative ml-auto sm:hidden">
        <summary className="flex min-h-10 cursor-pointer list-none items-center rounded-lg border border-border px-3 text-sm font-semibold">
          {t("leads.moreActions")}
        </summary>
        <div className="absolute right-0 z-20 mt-1 flex w-44 flex-col gap-1 rounded-xl border border-border bg-background p-2 shadow-lg">
          {actions}
        </div>
      </details>
    </>
  );
}

/** Whether two lead-list filters ask for the same list. */
function sameParams(a: LeadListParams, b: LeadListParams): boolean {
  return JSON.stringify(crmKeys.leadList(a)) === JSON.stringify(crmKeys.leadList(b));
}
