"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { OutboxList } from "@/components/outbox/outbox-list";
import { LEAD_STAGES, type LeadDto, type LeadStage } from "@/lib/crm/crm.schema";
import { useAnswerValue, useCrmPeople } from "./crm-people";
import {
  leadQueries,
  setCachedLeadDetail,
  useChangeLeadStage,
  useReassignLead,
} from "./crm-queries";
import { LeadDealPanel } from "./deal-value";
import { DraftProposalButton } from "./draft-proposal-button";
import { LeadActivityForm } from "./lead-activity-form";
import { ExpectedCloseField } from "./expected-close-field";
import { LeadHistory } from "./lead-history";
import { LeadTaskForm } from "./lead-task-form";
import { LeadTimeline } from "./lead-timeline";
import { LeadAttribution } from "./lead-attribution";
import { LoadError } from "./load-error";
import { LostReasonDialog } from "./lost-reason-dialog";
import { useFailureToast } from "./use-failure-toast";

interface LeadDetailProps {
  leadId: string | null;
  onLeadChanged: (lead: LeadDto) => void;
}

export function LeadDetail({ leadId, onLeadChanged }: LeadDetailProps) {
  const t = useTranslations("Crm");
  const tOutbox = useTranslations("Outbox");
  const tPage = useTranslations("LeadPage");
  const answerValue = useAnswerValue();
  const failed = useFailureToast();
  const queryClient = useQueryClient();
  const [isAskingLostReason, setIsAskingLostReason] = useState(false);

  // The parent remounts this panel per lead (key); with no lead chosen nothing loads.
  const id = leadId ?? "";
  const leadQuery = useQuery({ ...leadQueries.lead(id), enabled: leadId !== null });
  const activitiesQuery = useQuery({ ...leadQueries.activities(id), enabled: leadId !== null });
  const data =
    leadQuery.data && activitiesQuery.data
      ? { lead: leadQuery.data, activities: activitiesQuery.data }
      : null;
  const isLoading = leadQuery.isPending || activitiesQuery.isPending;
  const isError = leadQuery.isError || activitiesQuery.isError;

  const changeStage = useChangeLeadStage(id, {
    onShown: onLeadChanged,
    onFailure: (error) => failed(error, "moveFailed"),
  });
  const reassign = useReassignLead(id, {
    onShown: onLeadChanged,
    onFailure: (error) => failed(error, "reassignFailed"),
  });

  function retry() {
    if (leadQuery.isError) void leadQuery.refetch();
    if (activitiesQuery.isError) void activitiesQuery.refetch();
  }

  return (
    <section
      aria-label={t("detail.label")}
      className="rounded-2xl border border-border bg-background p-5 lg:max-h-[70vh] lg:overflow-auto"
    >
      {!leadId && <p className="text-sm text-muted">{t("detail.none")}</p>}
      {leadId && isLoading && !isError && (
        <p className="text-sm text-muted">{t("detail.loading")}</p>
      )}
      {leadId && isError && <LoadError onRetry={retry} />}
      {data && (
        <div className="space-y-6">
          <div className="space-y-1">
            <h2 className="font-display text-xl font-semibold wrap-anywhere">
              {data.lead.name || data.lead.email}
            </h2>
            <IntentLink
              href={`/crm/leads/${data.lead.id}`}
              className="inline-block text-sm font-medium text-highlight underline-offset-4 hover:underline"
            >
              {tPage("openPage")}
            </IntentLink>
            <p className="text-sm text-muted">
              {[
                data.lead.company,
                data.lead.industry && answerValue("industry", data.lead.industry),
              ]
                .filter(Boolean)
                .join(" · ") || t("empty")}
            </p>
            {/* Each link at least 24 px tall: thumbs on a phone tap one, not its neighbour. */}
            <p className="flex flex-wrap gap-x-3 text-sm">
              {data.lead.email && (
                <a
                  className="inline-flex min-h-6 min-w-0 items-center wrap-anywhere text-highlight underline-offset-4 hover:underline"
                  href={`mailto:${data.lead.email}`}
                >
                  {data.lead.email}
                </a>
              )}
              {data.lead.phone && (
                <a
                  className="inline-flex min-h-6 items-center text-highlight underline-offset-4 hover:underline"
                  href={`tel:${data.lead.phone.replace(/[^\d+]/g, "")}`}
                >
                  {data.lead.phone}
                </a>
              )}
            </p>
          </div>

          <DraftProposalButton leadId={data.lead.id} />

          <div className="space-y-1.5">
            <label htmlFor="crm-detail-stage" className="block text-sm font-medium">
              {t("detail.stageLabel")}
            </label>
            <select
              id="crm-detail-stage"
              value={data.lead.stage}
              onChange={(event) => {
                const stage = event.target.value as LeadStage;
                if (stage === "Lost") setIsAskingLostReason(true);
                else changeStage.mutate({ stage });
              }}
              className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
            >
              {LEAD_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {t(`stages.${stage}`)}
                </option>
              ))}
            </select>
          </div>

          {isAskingLostReason && (
            <LostReasonDialog
              leadLabel={data.lead.name || data.lead.email || ""}
              onConfirm={(lost) => changeStage.mutate({ stage: "Lost", lost })}
              onClose={() => setIsAskingLostReason(false)}
            />
          )}

          <LeadOwner lead={data.lead} onReassign={(ownerId) => reassign.mutate(ownerId)} />

          <LeadDealPanel
            key={`${data.lead.stage}-${data.lead.value?.source ?? "none"}`}
            lead={data.lead}
            onChanged={(saved) => {
              setCachedLeadDetail(queryClient, saved);
              onLeadChanged(saved);
            }}
          />

          <ExpectedCloseField key={data.lead.id} lead={data.lead} onSaved={onLeadChanged} />

          <LeadTaskForm leadId={data.lead.id} />

          <LeadHistory lead={data.lead} />

          <LeadAttribution attribution={data.lead.attribution} />

          <LeadActivityForm
            leadId={data.lead.id}
            idPrefix="crm"
            heading={<h3 className="text-sm font-semibold">{t("detail.addActivity")}</h3>}
          />

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
