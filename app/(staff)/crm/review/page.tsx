import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { IntentLink } from "@/components/ui/intent-link";
import { ReviewList } from "@/components/leads/review-list";
import { LockScreen } from "@/components/staff/lock-screen";
import { listHeldSubmissions } from "@/lib/leads/lead-review.service";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Crm.Review" });
  return { title: `${t("title")} · ${site.name}` };
}

/** Lead submissions held back past the global threshold: apart from the pipeline until someone decides. */
export default async function ReviewPage() {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Crm.Review" });
  const held = await listHeldSubmissions();

  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <div className="space-y-2">
          <IntentLink href="/crm" className="text-sm text-accent-text underline">
            {t("back")}
          </IntentLink>
          <h1 className="font-display text-2xl font-semibold">{t("title")}</h1>
          <p className="text-muted">{t("intro")}</p>
        </div>
        <ReviewList initialItems={held} />
      </main>
    </>
  );
}
