"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MeetingList } from "./meeting-list";
import { meetingQueries } from "./staff-meetings-queries";

/** A lead's meetings on its page, past and coming, each with its outcome once its time has come. */
export function LeadMeetings({ leadId, className = "" }: { leadId: string; className?: string }) {
  const t = useTranslations("Meetings");
  const [now] = useState(() => Date.now());
  const query = useQuery(meetingQueries.list({ lead: leadId }));
  return (
    <section aria-labelledby="lead-page-meetings" className={`${className} space-y-3`}>
      <h2 id="lead-page-meetings" className="font-semibold">
        {t("leadTitle")}
      </h2>
      {query.isPending ? (
        <p className="text-sm text-muted">{t("loading")}</p>
      ) : query.isError ? (
        <div role="alert" className="space-y-2">
          <p className="text-sm">{t("loadFailed")}</p>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-muted">{t("leadEmpty")}</p>
      ) : (
        <>
          {query.data.truncated && (
            <p role="status" className="text-sm font-medium" data-testid="meetings-truncated">
              {t("truncated", { count: query.data.data.length })}
            </p>
          )}
          <MeetingList meetings={query.data.data} now={now} showLead={false} showHost />
        </>
      )}
    </section>
  );
}
