"use client";

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
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import type { LeadDto, LeadStage } from "@/lib/crm/crm.schema";
import { Select } from "@/components/ui/select";
import { crmApi } from "./crm-api";
import { EVERYONE, PersonFilter } from "./crm-people";
import { LoadError } from "./load-error";
import { useFailureToast } from "./use-failure-toast";

type Board = {
  stages: LeadStage[];
  counts: Record<LeadStage, number>;
  leads: Record<LeadStage, LeadDto[]>;
  cursors: Record<LeadStage, string | null>;
};

async function fetchBoard(owner: string | undefined): Promise<Board> {
  const { stages, counts } = await crmApi.pipeline(owner);
  const pages = await Promise.all(stages.map((stage) => crmApi.listLeads({ stage, owner })));
  return {
    stages,
    counts,
    leads: Object.fromEntries(stages.map((stage, i) => [stage, pages[i]!.leads])) as Board["leads"],
    cursors: Object.fromEntries(
      stages.map((stage, i) => [stage, pages[i]!.next_cursor]),
    ) as Board["cursors"],
  };
}

const leadLabel = (lead: LeadDto) => lead.name || lead.email || lead.id;

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
  onLeadsChanged,
}: {
  /** all, me, none or an account id (shared with the leads list). */
  owner: string;
  onOwnerChange: (owner: string) => void;
  onLeadsChanged: () => void;
}) {
  const t = useTranslations("Crm");
  const failed = useFailureToast();
  const [board, setBoard] = useState<Board | null>(null);
  const [hasError, setHasError] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: jumpBetweenColumns }),
  );

  const [attempt, setAttempt] = useState(0);
  // On a phone one stage is shown at a time; wide screens show every column.
  const [phoneStage, setPhoneStage] = useState<LeadStage | null>(null);

  const ownerParam = owner === EVERYONE ? undefined : owner;
  useEffect(() => {
    let isCurrent = true;
    fetchBoard(ownerParam).then(
      (loaded) => {
        if (!isCurrent) return;
        setBoard(loaded);
        setHasError(false);
      },
      () => isCurrent && setHasError(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt, ownerParam]);

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

  async function move(lead: LeadDto, to: LeadStage) {
    if (!board || lead.stage === to) return;
    const from = lead.stage;
    const apply = (
      current: Board,
      moving: LeadDto,
      source: LeadStage,
      target: LeadStage,
    ): Board => ({
      ...current,
      counts: {
        ...current.counts,
        [source]: current.counts[source] - 1,
        [target]: current.counts[target] + 1,
      },
      leads: {
        ...current.leads,
        [source]: current.leads[source].filter((l) => l.id !== moving.id),
        [target]: [{ ...moving, stage: target }, ...current.leads[target]],
      },
    });
    setBoard((current) => (current ? apply(current, lead, from, to) : current));
    try {
      await crmApi.moveLead(lead.id, to);
      onLeadsChanged();
    } catch (error) {
      setBoard((current) => (current ? apply(current, { ...lead, stage: to }, to, from) : current));
      failed(error, "moveFailed");
    }
  }

  async function loadMore(stage: LeadStage) {
    if (!board?.cursors[stage]) return;
    try {
      const page = await crmApi.listLeads({
        stage,
        owner: ownerParam,
        cursor: board.cursors[stage],
      });
      setBoard((current) =>
        current
          ? {
              ...current,
              leads: { ...current.leads, [stage]: [...current.leads[stage], ...page.leads] },
              cursors: { ...current.cursors, [stage]: page.next_cursor },
            }
          : current,
      );
    } catch {
      setHasError(true);
    }
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
    if (lead && over) void move(lead, over.id as LeadStage);
  }

  if (hasError && !board) return <LoadError onRetry={() => setAttempt((n) => n + 1)} />;
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
      <div className="mb-4 flex">
        <PersonFilter
          id="pipeline-owner-filter"
          label={t("People.ownerFilterLabel")}
          mineLabel={t("People.myLeads")}
          value={owner}
          onChange={onOwnerChange}
          className="w-full sm:w-auto"
        />
      </div>
      <div className="mb-4 md:hidden">
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
      <section aria-label={t("pipeline.label")} className="flex gap-4 pb-4 md:overflow-x-auto">
        {board.stages.map((stage) => (
          <StageColumn
            key={stage}
            isShownOnPhone={stage === (phoneStage ?? board.stages[0])}
            stage={stage}
            count={board.counts[stage]}
            leads={board.leads[stage]}
            stages={board.stages}
            hasMore={Boolean(board.cursors[stage])}
            onMove={move}
            onLoadMore={() => void loadMore(stage)}
          />
        ))}
      </section>
    </DndContext>
  );
}

interface StageColumnProps {
  isShownOnPhone: boolean;
  stage: LeadStage;
  count: number;
  leads: LeadDto[];
  stages: LeadStage[];
  hasMore: boolean;
  onMove: (lead: LeadDto, to: LeadStage) => void;
  onLoadMore: () => void;
}

function StageColumn({
  isShownOnPhone,
  stage,
  count,
  leads,
  stages,
  hasMore,
  onMove,
  onLoadMore,
}: StageColumnProps) {
  const t = useTranslations("Crm");
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
      <h2
        id={headingId}
        className="flex items-center justify-between border-b border-border px-4 py-3 text-sm font-semibold"
      >
        <span>{t(`stages.${stage}`)}</span>
        <span className="rounded-full bg-surface-strong px-2 py-0.5 text-xs text-muted">
          {t("pipeline.count", { count })}
        </span>
      </h2>
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
  lead: LeadDto;
  stages: LeadStage[];
  onMove: (lead: LeadDto, to: LeadStage) => void;
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
          <p className="font-medium break-words">{label}</p>
          {lead.company && <p className="text-xs text-muted">{lead.company}</p>}
          <p className="text-xs text-muted">
            {lead.owner ? t("People.ownedBy", { name: lead.owner.name }) : t("People.unassigned")}
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
      <div className="mt-2 flex flex-wrap gap-1">
        {stages
          .filter((stage) => stage !== lead.stage)
          .map((stage) => (
            <button
              key={stage}
              type="button"
              onClick={() => onMove(lead, stage)}
              aria-label={t("pipeline.moveLabel", { lead: label, stage: t(`stages.${stage}`) })}
              className="min-h-6 rounded-md border border-border px-1.5 py-0.5 text-xs hover:bg-surface-strong"
            >
              {t(`stages.${stage}`)}
            </button>
          ))}
      </div>
    </li>
  );
}
