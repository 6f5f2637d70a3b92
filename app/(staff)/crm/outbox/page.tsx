import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { IntentLink } from "@/components/ui/intent-link";
import { OutboxList } from "@/components/outbox/outbox-list";
import { LockScreen } from "@/components/staff/lock-screen";
import { isMailConfigured, listOutbox } from "@/lib/mail/outbox.service";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { isManager } from "@/lib/staff/staff-roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Outbox" });
  return { title: `${t("title")} · ${site.name}` };
}

/** Every e-mail the app sends, with its delivery state; failed ones can be retried or cancelled. */
export default async function OutboxPage() {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Outbox" });
  const messages = isManager(session) ? (await listOutbox({}, session)).messages : null;

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
        {messages && !isMailConfigured() && (
          <p
            role="status"
            data-testid="outbox-not-configured"
            className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {t("notConfiguredBanner")}
          </p>
        )}
        {messages ? (
          <OutboxList hasFilter initialMessages={messages} />
        ) : (
          <p role="alert">{t("forbidden")}</p>
        )}
      </main>
    </>
  );
}
