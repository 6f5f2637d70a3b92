import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { StaffQueryProvider } from "@/components/staff/staff-query-provider";
import { ToastHost } from "@/components/ui/toast";
import { fontVariables } from "@/lib/fonts";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { themeScript } from "@/lib/theme/theme-script";
import { getStaffTimeZone } from "./_components/staff-time-zone";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The staff tools' own document: per-request nonce CSP, never indexed, in the staff member's chosen language. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const locale = await getStaffLocale();
  const timeZone = await getStaffTimeZone();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const messages = await getMessages({ locale });
  const t = await getTranslations({ locale, namespace: "Staff" });
  return (
    <html lang={locale} className={fontVariables} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-dvh bg-surface">
        {/* Staff pages are interactive throughout, so their namespaces go to the client. */}
        <NextIntlClientProvider
          locale={locale}
          timeZone={timeZone}
          messages={{
            Staff: messages.Staff,
            Crm: messages.Crm,
            CrmDeal: messages.CrmDeal,
            ProposalBuilder: messages.ProposalBuilder,
            ProposalStore: messages.ProposalStore,
            ProposalEmail: messages.ProposalEmail,
            Analytics: messages.Analytics,
            Outbox: messages.Outbox,
            ProposalsList: messages.ProposalsList,
            LeadPage: messages.LeadPage,
            LeadTimelineExtra: messages.LeadTimelineExtra,
            BulkLeads: messages.BulkLeads,
            Notifications: messages.Notifications,
            ContentStudio: messages.ContentStudio,
            Meetings: messages.Meetings,
            AnswerFields: messages.AnswerFields,
          }}
        >
          <StaffQueryProvider>{children}</StaffQueryProvider>
          <ToastHost closeLabel={t("dismiss")} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
