"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
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
  /** Whose tasks the Tasks view opens on (all, me, none or an account id), chosen on the server. */
  initialAssignee: string;
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
  initialAssignee,
  initialPage,
  initialLeadId,
  funnel: initialFunnel,
  people,
}: CrmAppProps) {
  const t = useTranslations("Crm");
  // The view is the address's: the shell's navigation links /crm?tab=pipeline and /crm?tab=tasks.
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
  function changeOwner(next: string) {
    setOwner(next);
    writeUrl({ owner: next });
  }

  return (
    <CrmPeopleProvider value={people}>
      <div className="mx-auto max-w-7xl px-4 py-6">
        {/* The shell's navigation is the one way between Leads, Pipeline and Tasks (its links are ?tab=…),
            so the view only names itself here. */}
        <h1 className="mb-4 font-display text-2xl font-semibold">{t(`tabs.${tab}`)}</h1>
        <div id={`crm-panel-${tab}`}>
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
          {tab === "tasks" && (
            <TasksTab
              initialAssignee={initialAssignee}
              onAssigneeChange={(assignee) => writeUrl({ assignee })}
            />
          )}
        </div>
      </div>
    </CrmPeopleProvider>
  );
}
