"use client";

import { IntentLink } from "@/components/ui/intent-link";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import type { LeadCardDto, LeadStage } from "@/lib/crm/crm.schema";
import { WON_PERIODS, type StageTotalDto, type WonPeriod } from "@/lib/crm/deal-value.schema";
import { Select } from "@/components/ui/select";
import { EVERYONE, PersonFilter, useCrmPeople } from "./crm-people";
import { crmQueries, useLoadMoreBoardColumn, useMoveBoardLead } from "./crm-queries";
import { LeadCardFacts, MoveToMenu, StageTotals } from "./deal-value";
import { LostReasonDialog } from "./lost-reason-dialog";
import { StageAgeSettings } from "./stage-age-settings";
import { LoadError } from "./load-error";
import { useFailureToast } from "./use-failure-toast";

const leadLabel = (lead: LeadCardDto) => lead.name || lead.email || lead.id;

/** Arrow keys jump a dragged card to the neighbouring column instead of nudging it a few pixels. */
const jumpBetweenColumns: KeyboardCoordinateGetter = (
  event,
  { context: { droppableRects, collisionRect } },
) => {
  if (!collisionRect || (event.code !== "ArrowRight" && event.code !== "ArrowLeft"))
    return undefined;
  event.preventDefault();
  const columns = [...droppableRects.values()].sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const target =
    event.code === "ArrowRight"
      ? columns.find((rect) => rect.left > centre)
      : [...columns].reverse().find((rect) => rect.left + rect.width < centre);
  if (!target) return undefined;
  return { x: target.left + target.width / 2 - collisionRect.width / 2, y: target.top + 8 };
};

export function PipelineTab({
  owner,
  onOwnerChange,
}: {
  /** all, me, none or an account id (shared with the leads list). */
  owner: string;
  onOwnerChange: (owner: string) => void;
}) {
  const t = useTranslations("Crm");
  const tPage = useTranslations("LeadPage");
  const failed = useFailureToast();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: jumpBetweenColumns }),
  );

  // On a phone one stage is shown at a time; wide screens show every column.
  const [phoneStage, setPhoneStage] = useState<LeadStage | null>(null);
  const [wonPeriod, setWonPeriod] = useState<WonPeriod>("30d");
  const tDeal = useTranslations("CrmDeal");
  const { isManager } = useCrmPeople();

  const params = { owner: owner === EVERYONE ? undefined : owner, wonPeriod };
  const { data: board, isError, refetch } = useQuery(crmQueries.board(params));
  const moveLead = useMoveBoardLead(params, (error) => failed(error, "moveFailed"));
  const loadMoreColumn = useLoadMoreBoardColumn(params);

  const findLead = useCallback(
    (id: string) => {
      if (!board) return null;
      for (const stage of board.stages) {
        const lead = board.leads[stage].find((candidate) => candidate.id === id);
        if (lead) return lead;
      }
      return null;
    },
    [board],
  );

  // A move to Lost waits for the reason (the dialog below); any other move goes at once.
  const [losing, setLosing] = useState<LeadCardDto | null>(null);
  function move(lead: LeadCardDto, to: LeadStage) {
    if (!board || lead.stage === to) return;
    if (to === "Lost") setLosing(lead);
    else moveLead.mutate({ lead, to });
  }

  function loadMore(stage: LeadStage) {
    const cursor = board?.cursors[stage];
    if (cursor) loadMoreColumn.mutate({ stage, cursor });
  }

  const stageName = useCallback(
    (id: unknown) => (typeof id === "string" ? t(`stages.${id as LeadStage}`) : ""),
    [t],
  );
  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active }) =>
        t("pipeline.dndPickedUp", { lead: String(active.data.current?.label ?? "") }),
      onDragOver: ({ active, over }) =>
        over
          ? t("pipeline.dndOver", {
              lead: String(active.data.current?.label ?? ""),
              stage: stageName(over.id),
            })
          : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t("pipeline.dndDropped", {
              lead: String(active.data.current?.label ?? ""),
              stage: stageName(over.id),
            })
          : t("pipeline.dndCancelled", { lead: String(active.data.current?.label ?? "") }),
      onDragCancel: ({ active }) =>
        t("pipeline.dndCancelled", { lead: String(active.data.current?.label ?? "") }),
    }),
    [t, stageName],
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    const lead = findLead(String(active.id));
    if (lead && over) move(lead, over.id as LeadStage);
  }

  if (isError && !board) return <LoadError onRetry={() => void refetch()} />;
  if (!board) return <p className="text-sm text-muted">{t("detail.loading")}</p>;

  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("pipeline.dndInstructions") },
      }}
    >
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <PersonFilter
          id="pipeline-owner-filter"
          label={t("People.ownerFilterLabel")}
          mineLabel={t("People.myLeads")}
          mineOrNoneLabel={tPage("mineAndUnassigned")}
          value={owner}
          onChange={onOwnerChange}
          className="w-full sm:w-auto"
        />
        <div className="w-full md:hidden">
          <label htmlFor="pipeline-stage-switcher" className="mb-1 block text-sm font-medium">
            {t("pipeline.showStage")}
          </label>
          <Select
            id="pipeline-stage-switcher"
            value={phoneStage ?? board.stages[0]}
            onChange={(event) => setPhoneStage(event.target.value as LeadStage)}
          >
            {board.stages.map((stage) => (
              <option key={stage} value={stage}>
                {t(`stages.${stage}`)} ({t("pipeline.count", { count: board.counts[stage] })})
              </option>
            ))}
          </Select>
        </div>
        <div className="w-full sm:w-auto">
          <label htmlFor="pipeline-won-period" className="mb-1 block text-sm font-medium">
            {tDeal("wonPeriodLabel")}
          </label>
          <Select
            id="pipeline-won-period"
            value={wonPeriod}
            onChange={(event) => setWonPeriod(event.target.value as WonPeriod)}
          >
            {WON_PERIODS.map((period) => (
              <option key={period} value={period}>
                {tDeal(`wonPeriods.${period}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <section aria-label={t("pipeline.label")} className="flex gap-4 pb-4 md:overflow-x-auto">
        {board.stages.map((stage) => (
          <StageColumn
            key={stage}
            isShownOnPhone={stage === (phoneStage ?? board.stages[0])}
            stage={stage}
            count={board.counts[stage]}
            totals={board.totals[stage]}
            leads={board.leads[stage]}
            stages={board.stages}
            hasMore={Boolean(board.cursors[stage])}
            onMove={move}
            onLoadMore={() => loadMore(stage)}
          />
        ))}
      </section>
      {/* Only managers may change the limits (the route answers 403 to anyone else). */}
      {isManager && <StageAgeSettings />}
      {losing && (
        <LostReasonDialog
          key={losing.id}
          leadLabel={leadLabel(losing)}
          onConfirm={(lost) => moveLead.mutate({ lead: losing, to: "Lost", lost })}
          onClose={() => setLosing(null)}
        />
      )}
    </DndContext>
  );
}

interface StageColumnProps {
  isShownOnPhone: boolean;
  stage: LeadStage;
  count: number;
  totals: StageTotalDto[];
  leads: LeadCardDto[];
  stages: LeadStage[];
  hasMore: boolean;
  onMove: (lead: LeadCardDto, to: LeadStage) => void;
  onLoadMore: () => void;
}

function StageColumn({
  isShownOnPhone,
  stage,
  count,
  totals,
  leads,
  stages,
  hasMore,
  onMove,
  onLoadMore,
}: StageColumnProps) {
  const t = useTranslations("Crm");
  const tDeal = useTranslations("CrmDeal");
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = `pipeline-${stage}`;
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-labelledby={headingId}
      data-stage={stage}
      className={`min-w-0 flex-1 flex-col rounded-2xl border bg-background md:flex md:min-w-52 ${isShownOnPhone ? "flex" : "hidden"} ${isOver ? "border-accent" : "border-border"}`}
    >
      <div className="border-b border-border px-4 py-3" data-testid="stage-header">
        <h2
          id={headingId}
          className="flex items-center justify-between gap-2 text-sm font-semibold"
        >
          <span>{t(`stages.${stage}`)}</span>
          <span className="rounded-full bg-surface-strong px-2 py-0.5 text-xs text-muted">
            {t("pipeline.count", { count })}
          </span>
        </h2>
        {stage === "Won" && <p className="mt-1 text-xs text-muted">{tDeal("wonInPeriod")}</p>}
        <StageTotals totals={totals} />
      </div>
      <ul className="flex max-h-[65vh] flex-col gap-2 overflow-y-auto p-3">
        {leads.length === 0 && <li className="text-xs text-muted">{t("pipeline.empty")}</li>}
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} stages={stages} onMove={onMove} />
        ))}
        {hasMore && (
          <li>
            <button
              type="button"
              onClick={onLoadMore}
              className="w-full rounded-lg border border-dashed border-border py-1.5 text-xs font-semibold text-muted hover:text-foreground"
            >
              {t("pipeline.loadMore")}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}

function LeadCard({
  lead,
  stages,
  onMove,
}: {
  lead: LeadCardDto;
  stages: LeadStage[];
  onMove: (lead: LeadCardDto, to: LeadStage) => void;
}) {
  const t = useTranslations("Crm");
  const label = leadLabel(lead);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: lead.id,
    data: { label },
  });
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` }
    : undefined;
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-lead-id={lead.id}
      className={`rounded-xl border border-border bg-surface p-3 text-sm ${isDragging ? "z-10 shadow-lg" : ""}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <IntentLink
            href={`/crm/leads/${lead.id}`}
            className="block font-medium wrap-anywhere hover:underline"
          >
            {label}
          </IntentLink>
          {lead.company && <p className="text-xs text-muted">{lead.company}</p>}
          <p className="text-xs text-muted">
            {lead.owner ? t("People.ownedBy", { name: lead.owner.name }) : t("People.unassigned")}
          </p>
          <p className="mt-1">
            <LeadCardFacts lead={lead} />
          </p>
        </div>
        <button
          type="button"
          {...listeners}
          {...attributes}
          aria-label={t("pipeline.dragHandle", { lead: label })}
          className="cursor-grab touch-none rounded p-1 text-muted hover:text-foreground"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
            <circle cx="9" cy="6" r="1.5" />
            <circle cx="15" cy="6" r="1.5" />
            <circle cx="9" cy="12" r="1.5" />
            <circle cx="15" cy="12" r="1.5" />
            <circle cx="9" cy="18" r="1.5" />
            <circle cx="15" cy="18" r="1.5" />
          </svg>
        </button>
      </div>
      <div className="mt-2">
        <MoveToMenu
          leadLabel={label}
          current={lead.stage}
          stages={stages}
          onMove={(stage) => onMove(lead, stage)}
        />
      </div>
    </li>
  );
}
