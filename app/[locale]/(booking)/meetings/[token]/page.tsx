import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { StandaloneFrame } from "@/components/frame/standalone-frame";
import { ManageActions, type ManageTexts } from "@/components/meetings/manage-actions";
import { routing } from "@/lib/i18n/routing";
import { findMeetingByLink } from "@/lib/meetings/meeting-pages";
import { site } from "@/lib/site";

// The visitor's manage link (from their e-mail): the meeting, then cancel or move it. Never indexed, never
// cached: the token in the address is the only key, and the state changes once it is used.
export const metadata: Metadata = {
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

const TEXT_KEYS = [
  "timeZone",
  "previousMonth",
  "nextMonth",
  "weekdays",
  "loading",
  "noTimesMonth",
  "chooseDay",
  "timesOn",
  "networkFailed",
  "cancel",
  "cancelling",
  "cancelled",
  "reschedule",
  "rescheduleSubmit",
  "moved",
  "taken",
  "failed",
  "chooseTimeFirst",
] as const;

export default async function ManageMeetingPage({
  params,
}: PageProps<"/[locale]/meetings/[token]">) {
  const { locale: asked, token } = await params;
  // The [locale] layout refuses unknown languages; this only narrows the type.
  const locale = hasLocale(routing.locales, asked) ? asked : routing.defaultLocale;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "MeetingBook" });
  const found = await findMeetingByLink(token);
  const texts = Object.fromEntries(
    TEXT_KEYS.map((key) => [key, t.raw(key) as string]),
  ) as unknown as ManageTexts;

  return (
    <StandaloneFrame locale={locale}>
      <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">
        <h1 className="font-display text-3xl font-semibold tracking-tight">{t("manageTitle")}</h1>
        {!found ? (
          <p className="mt-6 text-lg text-muted">
            {t("manageNotFound")}{" "}
            <a
              className="font-medium text-highlight underline"
              href={`mailto:${site.contactEmail}`}
            >
              {site.contactEmail}
            </a>
          </p>
        ) : (
          <>
            <p className="mt-3 text-lg text-muted">
              {t("manageLead", {
                type: found.typeTitle[locale],
                host: found.meeting.host.name,
              })}
            </p>
            <dl className="mt-6 divide-y divide-border rounded-2xl border border-border bg-surface px-6">
              <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr]">
                <dt className="text-sm text-muted">{t("manageWhen")}</dt>
                <dd className="font-medium" data-testid="meeting-when">
                  {new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", {
                    dateStyle: "full",
                    timeStyle: "short",
                    timeZone: found.meeting.time_zone,
                  }).format(new Date(found.meeting.start))}{" "}
                  ({found.meeting.time_zone.replaceAll("_", " ")})
                </dd>
              </div>
              <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr]">
                <dt className="text-sm text-muted">{t("manageReference")}</dt>
                <dd className="font-medium">{found.meeting.id}</dd>
              </div>
            </dl>
            <div className="mt-8">
              {found.meeting.status === "cancelled" ? (
                <p className="font-medium">{t("manageStatusCancelled")}</p>
              ) : !found.isUsable ? (
                <p className="font-medium">{t("manageLinkUsed")}</p>
              ) : (
                <ManageActions
                  token={token}
                  type={found.meeting.type}
                  locale={locale}
                  hostName={found.meeting.host.name}
                  texts={texts}
                />
              )}
            </div>
          </>
        )}
      </div>
    </StandaloneFrame>
  );
}
