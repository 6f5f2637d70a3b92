import type { Metadata } from "next";
import { z } from "zod";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { IntentLink } from "@/components/ui/intent-link";
import { loadAnswerLabels } from "./answer-labels";
import { CrmApp } from "@/components/crm/crm-app";
import { daysBetween, MAX_CUSTOM_DAYS } from "@/lib/analytics/periods";
import { LockScreen } from "@/components/staff/lock-screen";
import {
  CRM_TABS,
  FUNNEL_FILTER_KEYS,
  LEAD_STAGES,
  ZLeadListQuery,
  ZOwnerFilter,
  type CrmTab,
  type FunnelLeadFilter,
  type LeadStage,
} from "@/lib/crm/crm.schema";
import { listLeads } from "@/lib/crm/lead.service";
import { meetingTypeTitles } from "@/lib/meetings/meetings.service";
import { listFormerColleaguesWithOpenWork } from "@/lib/crm/open-work.service";
import { hasOwnTasks } from "@/lib/crm/task.service";
import { countHeldSubmissions } from "@/lib/leads/lead-review.service";
import { site } from "@/lib/site";
import { listActiveAccounts } from "@/lib/staff/account-directory.service";
import { roleAtLeast } from "@/lib/staff/roles";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import type { StaffSession } from "@/lib/staff/session.service";
import { mayExportLeads } from "@/lib/staff/staff-settings.service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Crm" });
  return { title: `${t("title")} · ${site.name}` };
}

const pick = <T extends string>(allowed: readonly T[], value: unknown): T | undefined =>
  typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;

export default async function CrmPage({ searchParams }: PageProps<"/crm">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;

  const params = await searchParams;
  const tab: CrmTab = pick(CRM_TABS, params.tab) ?? "leads";
  const stage = pick<LeadStage>(LEAD_STAGES, params.stage);
  const leadId =
    typeof params.lead === "string" && z.uuid().safeParse(params.lead).success
      ? params.lead
      : undefined;
  const q =
    typeof params.q === "string" && params.q.trim() ? params.q.trim().slice(0, 100) : undefined;
  // "all", "me", "none", "me_or_none" or an account id (docs/product.md#crm).
  const ownerParam = params.owner === "all" ? "all" : ZOwnerFilter.safeParse(params.owner).data;
  const isSales = session.account.role === "sales";
  // Sales start on their own leads and the unassigned ones, so a new rep's first screen is not empty.
  const owner = ownerParam ?? (isSales ? "me_or_none" : "all");
  const isManager = roleAtLeast(session.account.role, "manager");
  // The leads behind a dashboard figure (/analytics links here); managers and owners only, as in the API.
  const funnel = isManager ? funnelFilterOf(params) : undefined;
  const locale = await getStaffLocale();
  const t = await getTranslations({ locale, namespace: "Crm" });
  const tReview = await getTranslations({
    locale: await getStaffLocale(),
    namespace: "Crm.Review",
  });
  const [
    initialPage,
    heldCount,
    directory,
    formerColleagues,
    answerLabels,
    meetingTypes,
    mayExport,
  ] = await Promise.all([
    listLeads({ stage, q, owner: owner === "all" ? undefined : owner, ...funnel }, session),
    countHeldSubmissions(),
    listActiveAccounts(),
    isManager ? listFormerColleaguesWithOpenWork() : [],
    loadAnswerLabels(locale),
    meetingTypeTitles(locale),
    mayExportLeads(session),
  ]);
  const assignee = await tasksAssigneeOf(params.assignee, tab, session, [
    ...directory,
    ...formerColleagues,
  ]);
  const people = {
    answerLabels,
    meetingTypeTitles: meetingTypes,
    directory,
    formerColleagues,
    viewerId: session.account.id,
    isManager,
    mayExportLeads: mayExport,
  };

  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main>
        {heldCount > 0 && (
          <p className="mx-auto max-w-7xl px-4 pt-3 text-sm">
            <IntentLink href="/crm/review" className="font-medium text-accent-text underline">
              {tReview("link", { count: heldCount })}
            </IntentLink>
          </p>
        )}
        <CrmApp
          initialLeadId={leadId}
          initialTab={tab}
          initialStage={stage}
          initialQuery={q}
          initialOwner={owner}
          initialAssignee={assignee}
          funnel={funnel}
          initialPage={initialPage}
          people={people}
        />
      </main>
    </>
  );
}

/**
 * Whose tasks the Tasks view opens on: the address's choice (a shared link), else a rep's own tasks when
 * there are any, and the team's for managers, owners and anyone whose own list would be empty.
 */
async function tasksAssigneeOf(
  param: string | string[] | undefined,
  tab: CrmTab,
  session: StaffSession,
  directory: { id: string }[],
): Promise<string> {
  if (param === "all" || param === "me" || param === "none") return param;
  // One's own id is "My tasks" (the filter lists the others by name).
  if (param === session.account.id) return "me";
  if (typeof param === "string" && directory.some((person) => person.id === param)) return param;
  if (tab !== "tasks" || session.account.role !== "sales") return "all";
  return (await hasOwnTasks(session)) ? "me" : "all";
}

/** The funnel filter of the address when it is complete and valid; otherwise none (the plain list). */
function funnelFilterOf(
  params: Record<string, string | string[] | undefined>,
): FunnelLeadFilter | undefined {
  if (typeof params.funnel_step !== "string" && typeof params.figure !== "string") return undefined;
  const picked = Object.fromEntries(
    FUNNEL_FILTER_KEYS.filter((key) => typeof params[key] === "string").map((key) => [
      key,
      params[key],
    ]),
  );
  const parsed = ZLeadListQuery.safeParse(picked);
  if (!parsed.success) return undefined;
  const { funnel_step, figure, from, to } = parsed.data;
  if (!from || !to || from > to) return undefined;
  if (daysBetween(from, to) + 1 > MAX_CUSTOM_DAYS) return undefined;
  // A figure of the per-salesperson or lost-reasons table (lead.service figureLeadIdsOf checks the rest).
  if (figure)
    return funnel_step ? undefined : { ...parsed.data, funnel_step: undefined, figure, from, to };
  if (!funnel_step) return undefined;
  if (parsed.data.currency && funnel_step !== "signed") return undefined;
  return { ...parsed.data, funnel_step, figure: undefined, from, to };
}
