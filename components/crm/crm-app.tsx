"use client";

import dynamic from "next/dynamic";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import {
  CRM_TABS,
  FUNNEL_FILTER_KEYS,
  type CrmTab,
  type FunnelLeadFilter,
  type LeadPageDto,
  type LeadStage,
} from "@/lib/crm/crm.schema";
import { CrmPeopleProvider, type CrmPeople } from "./crm-people";
import { LeadsTab } from "./leads-tab";
import { TasksTab } from "./tasks-tab";

// Drag and drop is only needed once the pipeline is opened.
const PipelineTab = dynamic(() => import("./pipeline-tab").then((m) => m.PipelineTab), {
  ssr: false,
});

interface CrmAppProps {
  initialTab: CrmTab;
  initialStage?: LeadStage;
  initialQuery?: string;
  /** all, me, none or an account id. */
  initialOwner: string;
  initialPage: LeadPageDto;
  initialLeadId?: string;
  /** The leads behind a dashboard figure, when the address names one. */
  funnel?: FunnelLeadFilter;
  people: CrmPeople;
}

/** Keeps the tab and the leads filter in the address, so a reload or a shared link opens the same view. */
function writeUrl(update: Record<string, string | undefined>) {
  const url = new URL(window.location.href);
  for (const [key, value] of Object.entries(update)) {
    if (value) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  window.history.replaceState(null, "", url);
}

export function CrmApp({
  initialTab,
  initialStage,
  initialQuery,
  initialOwner,
  initialPage,
  initialLeadId,
  funnel: initialFunnel,
  people,
}: CrmAppProps) {
  const t = useTranslations("Crm");
  // The tab is the address's: the shell's navigation links /crm?tab=… and the tabs below rewrite it in place.
  const tabParam = useSearchParams().get("tab");
  const tab: CrmTab = (CRM_TABS as readonly string[]).includes(tabParam ?? "")
    ? (tabParam as CrmTab)
    : tabParam === null
      ? "leads"
      : initialTab;
  // One owner filter for the list and the pipeline, kept in the address like the rest of the view.
  const [owner, setOwner] = useState(initialOwner);
  const [funnel, setFunnel] = useState(initialFunnel);
  const [initialPageAt] = useState(() => Date.now());
  const tabRefs = useRef<Record<CrmTab, HTMLButtonElement | null>>({
    leads: null,
    pipeline: null,
    tasks: null,
  });

  function select(next: CrmTab) {
    writeUrl({ tab: next === "leads" ? undefined : next });
  }

  // WAI-ARIA tabs: arrow keys move between tabs, Home/End jump to the ends.
  function onTabKeyDown(event: KeyboardEvent) {
    const index = CRM_TABS.indexOf(tab);
    const nextIndex =
      event.key === "ArrowRight"
        ? (index + 1) % CRM_TABS.length
        : event.key === "ArrowLeft"
          ? (index + CRM_TABS.length - 1) % CRM_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? CRM_TABS.length - 1
              : -1;
    if (nextIndex < 0) return;
    event.preventDefault();
    const next = CRM_TABS[nextIndex]!;
    select(next);
    tabRefs.current[next]?.focus();
  }

  function changeOwner(next: string) {
    setOwner(next);
    writeUrl({ owner: next });
  }

  return (
    <CrmPeopleProvider value={people}>
      <div className="mx-auto max-w-7xl px-4 py-6">
        <div
          role="tablist"
          aria-label={t("tabsLabel")}
          className="mb-6 inline-flex rounded-full border border-border bg-background p-1"
          onKeyDown={onTabKeyDown}
        >
          {CRM_TABS.map((name) => (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              id={`crm-tab-${name}`}
              role="tab"
              type="button"
              aria-selected={tab === name}
              aria-controls={`crm-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => select(name)}
              className="rounded-full px-4 py-1.5 text-sm font-semibold text-muted aria-selected:bg-foreground aria-selected:text-background"
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`crm-panel-${tab}`} aria-labelledby={`crm-tab-${tab}`}>
          {tab === "leads" && (
            <LeadsTab
              initialStage={initialStage}
              initialQuery={initialQuery}
              initialPage={owner === initialOwner ? initialPage : undefined}
              initialPageAt={initialPageAt}
              initialLeadId={initialLeadId}
              owner={owner}
              onOwnerChange={changeOwner}
              onFilterChange={(filter) => writeUrl(filter)}
              funnel={funnel}
              onFunnelClear={() => {
                setFunnel(undefined);
                writeUrl(Object.fromEntries(FUNNEL_FILTER_KEYS.map((key) => [key, undefined])));
              }}
            />
          )}
          {tab === "pipeline" && <PipelineTab owner={owner} onOwnerChange={changeOwner} />}
          {tab === "tasks" && <TasksTab />}
        </div>
      </div>
    </CrmPeopleProvider>
  );
}
