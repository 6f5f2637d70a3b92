import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { z } from "zod";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { ProposalBuilderLoader } from "@/components/proposals/proposal-builder-loader";
import { LockScreen } from "@/components/staff/lock-screen";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ProposalBuilder" });
  return { title: `${t("title")} · ${site.name}` };
}

export default async function ProposalBuilderPage({ searchParams }: PageProps<"/proposal/new">) {
  // The page checks the session itself; nothing upstream is trusted to have done it.
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const { from, proposal } = await searchParams;
  const locale = await getStaffLocale();
  const t = await getTranslations({ locale, namespace: "ProposalBuilder" });
  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <main>
        <ProposalBuilderLoader
          fromKey={typeof from === "string" && from ? from.slice(0, 100) : null}
          storedId={
            typeof proposal === "string" && z.uuid().safeParse(proposal).success ? proposal : null
          }
        />
        {/* Stored proposals have their own list now; the builder only points there. */}
        <p className="mx-auto max-w-4xl px-4 pb-12 text-sm">
          <IntentLink href="/crm/proposals" className="font-medium text-accent-text underline">
            {t("storedLink")}
          </IntentLink>
        </p>
      </main>
    </>
  );
}
