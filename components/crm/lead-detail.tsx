"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { OutboxList } from "@/components/outbox/outbox-list";
import { DRAFT_PREFIX, saveLocalProposal } from "@/components/proposals/proposal-storage";
import {
  LEAD_STAGES,
  STAFF_ACTIVITY_TYPES,
  type ActivityDto,
  type LeadDetailDto,
  type LeadDto,
  type LeadStage,
  type StaffActivityType,
} from "@/lib/crm/crm.schema";
import { crmApi } from "./crm-api";
import { useCrmPeople } from "./crm-people";
import { LeadDealPanel } from "./deal-value";
import { LeadHistory } from "./lead-history";
import { LeadTaskForm } from "./lead-task-form";
import { LeadTimeline } from "./lead-timeline";
import { LeadAttribution } from "./lead-attribution";
import { LoadError } from "./load-error";
import { useFailureToast } from "./use-failure-toast";

interface LeadDetailProps {
  leadId: string | null;
  onLeadChanged: (lead: LeadDto) => void;
}

type Loaded = { lead: LeadDetailDto; activities: ActivityDto[] };

export function LeadDetail({ leadId, onLeadChanged }: LeadDetailProps) {
  const t = useTranslations("Crm");
  const tProposal = useTranslations("ProposalBuilder.fromLead");
  const tOutbox = useTranslations("Outbox");
  const router = useRouter();
  const failed = useFailureToast();
  const [data, setData] = useState<Loaded | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "error">(leadId ? "loading" : "idle");
  const [note, setNote] = useState("");
  const [activityType, setActivityType] = useState<StaffActivityType>("note");
  const [attempt, setAttempt] = useState(0);
  const [isDrafting, setIsDrafting] = useState(false);
  const [draftError, setDraftError] = useState<string | null>(null);

  // The parent remounts this panel per lead (key), so each lead starts from a clean state.
  useEffect(() => {
    if (!leadId) return;
    let isCurrent = true;
    Promise.all([crmApi.getLead(leadId), crmApi.listActivities(leadId)]).then(
      ([lead, activities]) => {
        if (!isCurrent) return;
        setData({ lead, activities });
        setState("idle");
      },
      () => isCurrent && setState("error"),
    );
    return () => {
      isCurrent = false;
    };
  }, [leadId, attempt]);

  function retry() {
    setState("loading");
    setAttempt((n) => n + 1);
  }

  async function changeStage(stage: LeadStage) {
    if (!data) return;
    const previous = data.lead;
    const optimistic = { ...previous, stage, days_in_stage: 0, is_stale: false };
    setData({ ...data, lead: optimistic });
    onLeadChanged(optimistic);
    try {
      const saved = await crmApi.moveLead(previous.id, stage);
      onLeadChanged(saved);
      const activities = await crmApi.listActivities(previous.id);
      setData((current) =>
        current && current.lead.id === saved.id
          ? { lead: { ...current.lead, ...saved }, activities }
          : current,
      );
    } catch (error) {
      setData((current) =>
        current && current.lead.id === previous.id ? { ...current, lead: previous } : current,
      );
      onLeadChanged(previous);
      failed(error, "moveFailed");
    }
  }

  async function reassign(ownerId: string | null) {
    if (!data) return;
    try {
      const saved = await crmApi.reassignLead(data.lead.id, ownerId);
      onLeadChanged(saved);
      const activities = await crmApi.listActivities(saved.id);
      setData((current) =>
        current && current.lead.id === saved.id ? { lead: saved, activities } : current,
      );
    } catch (error) {
      failed(error, "reassignFailed");
    }
  }

  /** Drafts a proposal from the lead's answers and opens it in the builder for review. */
  async function generateProposal() {
    if (!data) return;
    setIsDrafting(true);
    setDraftError(null);
    try {
      const draft = await crmApi.draftProposal(data.lead.id);
      const key = saveLocalProposal(DRAFT_PREFIX, draft.data, {
        leadId: draft.lead_id,
        translation: draft.translations[draft.data.lang === "es" ? "en" : "es"],
      });
      router.push(`/proposal/new?from=${encodeURIComponent(key)}`);
    } catch (error) {
      setDraftError(
        tProposal("failed", { reason: error instanceof Error ? error.message : String(error) }),
      );
      setIsDrafting(false);
    }
  }

  async function addNote(event: FormEvent) {
    event.preventDefault();
    const content = note.trim();
    if (!data || content === "") return;
    const leadIdAtSubmit = data.lead.id;
    const placeholder: ActivityDto = {
      id: `pending-${Date.now()}`,
      lead_id: leadIdAtSubmit,
      type: activityType,
      content,
      detail: null,
      actor: null,
      created_at: new Date().toISOString(),
    };
    setData({ ...data, activities: [placeholder, ...data.activities] });
    setNote("");
    try {
      const saved = await crmApi.addActivity(leadIdAtSubmit, activityType, content);
      setData((current) =>
        current && current.lead.id === leadIdAtSubmit
          ? {
              ...current,
              activities: current.activities.map((a) => (a.id === placeholder.id ? saved : a)),
            }
          : current,
      );
    } catch (error) {
      setData((current) =>
        current && current.lead.id === leadIdAtSubmit
          ? { ...current, activities: current.activities.filter((a) => a.id !== placeholder.id) }
          : current,
      );
      setNote(content);
      failed(error, "noteFailed");
    }
  }

  return (
    <section
      aria-label={t("detail.label")}
      className="rounded-2xl border border-border bg-background p-5 lg:max-h-[70vh] lg:overflow-auto"
    >
      {!leadId && <p className="text-sm text-muted">{t("detail.none")}</p>}
      {leadId && state === "loading" && !data && (
        <p className="text-sm text-muted">{t("detail.loading")}</p>
      )}
      {leadId && state === "error" && <LoadError onRetry={retry} />}
      {data && (
        <div className="space-y-6">
          <div className="space-y-1">
            <h2 className="font-display text-xl font-semibold break-words">
              {data.lead.name || data.lead.email}
            </h2>
            <p className="text-sm text-muted">
              {[data.lead.company, data.lead.industry].filter(Boolean).join(" · ") || t("empty")}
            </p>
            <p className="flex flex-wrap gap-x-3 text-sm">
              {data.lead.email && (
                <a
                  className="text-highlight underline-offset-4 hover:underline"
                  href={`mailto:${data.lead.email}`}
                >
                  {data.lead.email}
                </a>
              )}
              {data.lead.phone && (
                <a
                  className="text-highlight underline-offset-4 hover:underline"
                  href={`tel:${data.lead.phone.replace(/[^\d+]/g, "")}`}
                >
                  {data.lead.phone}
                </a>
              )}
            </p>
          </div>

          <div className="space-y-1.5">
            <button
              type="button"
              onClick={() => void generateProposal()}
              disabled={isDrafting}
              className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-on-accent hover:brightness-110 disabled:opacity-60"
            >
              {isDrafting ? tProposal("working") : tProposal("button")}
            </button>
            {draftError && (
              <p role="alert" className="text-sm text-accent-text">
                {draftError}
              </p>
            )}
          </div>

          <div className="space-y-1.5">
            <label htmlFor="crm-detail-stage" className="block text-sm font-medium">
              {t("detail.stageLabel")}
            </label>
            <select
              id="crm-detail-stage"
              value={data.lead.stage}
              onChange={(event) => void changeStage(event.target.value as LeadStage)}
              className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
            >
              {LEAD_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {t(`stages.${stage}`)}
                </option>
              ))}
            </select>
          </div>

          <LeadOwner lead={data.lead} onReassign={(ownerId) => void reassign(ownerId)} />

          <LeadDealPanel
            key={`${data.lead.stage}-${data.lead.value?.source ?? "none"}`}
            lead={data.lead}
            onChanged={(saved) => {
              setData((current) => (current ? { ...current, lead: saved } : current));
              onLeadChanged(saved);
            }}
          />

          <LeadTaskForm leadId={data.lead.id} />

          <LeadHistory lead={data.lead} />

          <LeadAttribution attribution={data.lead.attribution} />

          <form onSubmit={addNote} className="space-y-2">
            <h3 className="text-sm font-semibold">{t("detail.addActivity")}</h3>
            <label htmlFor="crm-activity-type" className="sr-only">
              {t("detail.activityTypeLabel")}
            </label>
            <select
              id="crm-activity-type"
              value={activityType}
              onChange={(event) => setActivityType(event.target.value as StaffActivityType)}
              className="rounded-lg border border-border bg-background px-3 py-1.5 text-sm"
            >
              {STAFF_ACTIVITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`activityTypes.${type}`)}
                </option>
              ))}
            </select>
            <label htmlFor="crm-note" className="sr-only">
              {t("detail.noteLabel")}
            </label>
            <textarea
              id="crm-note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              placeholder={t("detail.notePlaceholder")}
              rows={3}
              maxLength={5000}
              className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
            />
            <button
              type="submit"
              className="rounded-lg bg-foreground px-3 py-1.5 text-sm font-semibold text-background"
            >
              {t("detail.add")}
            </button>
          </form>

          <LeadTimeline
            activities={data.activities}
            leadLabel={data.lead.name || data.lead.email || ""}
          />

          <div className="space-y-2">
            <h3 className="text-sm font-semibold">{tOutbox("heading")}</h3>
            <OutboxList key={data.lead.id} about={{ lead_id: data.lead.id }} />
          </div>
        </div>
      )}
    </section>
  );
}

/** Who owns the lead; managers and owners can hand it to someone else here. */
function LeadOwner({
  lead,
  onReassign,
}: {
  lead: LeadDto;
  onReassign: (ownerId: string | null) => void;
}) {
  const t = useTranslations("Crm.People");
  const { directory, isManager } = useCrmPeople();
  if (!isManager) {
    return (
      <p className="text-sm">
        <span className="font-medium">{t("ownerLabel")}:</span>{" "}
        {lead.owner?.name ?? t("unassigned")}
      </p>
    );
  }
  // A deactivated owner is not in the directory, but the lead still shows whose it was.
  const isListed = !lead.owner || directory.some((person) => person.id === lead.owner?.id);
  return (
    <div className="space-y-1.5">
      <label htmlFor="crm-detail-owner" className="block text-sm font-medium">
        {t("ownerLabel")}
      </label>
      <select
        id="crm-detail-owner"
        value={lead.owner?.id ?? ""}
        onChange={(event) => onReassign(event.target.value || null)}
        className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
      >
        <option value="">{t("unassigned")}</option>
        {!isListed && lead.owner && <option value={lead.owner.id}>{lead.owner.name}</option>}
        {directory.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}
