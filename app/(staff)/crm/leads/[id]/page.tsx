import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { LeadWorkspace } from "@/components/crm/lead-workspace";
import { LockScreen } from "@/components/staff/lock-screen";
import type { ActivityDto, LeadDetailDto } from "@/lib/crm/crm.schema";
import { leadEmailDraft } from "@/lib/crm/lead-email.service";
import { getLeadFor, listActivitiesFor } from "@/lib/crm/lead.service";
import { AppError } from "@/lib/http/app-error";
import { meetingTypeTitles } from "@/lib/meetings/meetings.service";
import { site } from "@/lib/site";
import { listActiveAccounts } from "@/lib/staff/account-directory.service";
import { roleAtLeast } from "@/lib/staff/roles";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { loadAnswerLabels } from "../../answer-labels";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "LeadPage" });
  return { title: `${t("title")} · ${site.name}` };
}

/**
 * One lead's whole story (docs/product.md#lead-page): facts, answers, proposals, tasks, e-mails and
 * timeline. The server renders it with the session's own checks; the client part keeps it current.
 */
export default async function LeadPage({ params }: PageProps<"/crm/leads/[id]">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const { id } = await params;
  const locale = await getStaffLocale();
  const t = await getTranslations({ locale, namespace: "LeadPage" });

  let lead: LeadDetailDto;
  let activities: ActivityDto[];
  try {
    [lead, activities] = await Promise.all([
      getLeadFor(id, session),
      listActivitiesFor(id, session),
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    if (error instanceof AppError && error.code === "forbidden")
      return (
        <>
          <StaffShellHeader session={session} title={t("title")} />
          <main className="mx-auto max-w-3xl px-4 py-10">
            <p role="alert">{error.message}</p>
            <IntentLink href="/crm" className="mt-4 inline-block underline">
              {t("back")}
            </IntentLink>
          </main>
        </>
      );
    throw error;
  }
  const [directory, answerLabels, meetingTypes] = await Promise.all([
    listActiveAccounts(),
    loadAnswerLabels(locale),
    meetingTypeTitles(locale),
  ]);

  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-7xl px-4 py-6">
        <LeadWorkspace
          initialLead={lead}
          initialActivities={activities}
          emailDraft={leadEmailDraft(lead)}
          people={{
            answerLabels,
            meetingTypeTitles: meetingTypes,
            directory,
            // The lead page has no person filter.
            formerColleagues: [],
            viewerId: session.account.id,
            isManager: roleAtLeast(session.account.role, "manager"),
            mayExportLeads: false,
          }}
        />
      </main>
    </>
  );
}
