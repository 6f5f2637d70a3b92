import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { StandaloneFrame } from "@/components/frame/standalone-frame";
import { BookingForm, type BookingFormTexts } from "@/components/meetings/booking-form";
import { IntentLink } from "@/components/ui/intent-link";
import { routing } from "@/lib/i18n/routing";
import { DEFAULT_MEETING_TYPE } from "@/lib/leads/intake-links";
import { findBookableTypeView } from "@/lib/meetings/meeting-pages";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { site } from "@/lib/site";

/** The meeting types come from the database: a slug it does not know shows a way on, not a 404 page. */
export async function generateMetadata({
  params,
}: PageProps<"/[locale]/book/[type]">): Promise<Metadata> {
  const { locale, type } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "MeetingBook" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  const meetingType = await findBookableTypeView(type, locale);
  const title = meetingType?.title ?? t("bookDefault");
  return buildPageMetadata({
    locale,
    pathname: `/book/${encodeURIComponent(type)}`,
    title: t("metaTitle", { type: title, brand: site.name }),
    description: t("metaDescription", { type: title, brand: site.name }),
    image: defaultSocialImage(tMeta("socialImageAlt", { brand: site.name })),
    noIndex: true,
  });
}

const PICKER_KEYS = [
  "timeZone",
  "previousMonth",
  "nextMonth",
  "weekdays",
  "loading",
  "noTimesMonth",
  "chooseDay",
  "timesOn",
  "networkFailed",
  "step1",
  "step2",
  "selected",
  "name",
  "email",
  "company",
  "notes",
  "submit",
  "sending",
  "chooseTimeFirst",
  "taken",
  "failed",
] as const;

export default async function BookMeetingPage({ params }: PageProps<"/[locale]/book/[type]">) {
  const { locale: asked, type } = await params;
  // The [locale] layout refuses unknown languages; this only narrows the type.
  const locale = hasLocale(routing.locales, asked) ? asked : routing.defaultLocale;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "MeetingBook" });
  const meetingType = await findBookableTypeView(type, locale);
  const isDefaultType = type === DEFAULT_MEETING_TYPE;
  // Placeholders stay in: the client fills {date}, {when} and {message} itself (no ICU runtime shipped).
  const texts = Object.fromEntries(
    PICKER_KEYS.map((key) => [key, t.raw(key) as string]),
  ) as unknown as BookingFormTexts;

  return (
    <StandaloneFrame locale={locale}>
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">
        {meetingType ? (
          <>
            <header className="max-w-2xl space-y-3">
              <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">
                {t("eyebrow")}
              </p>
              <h1 className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
                {meetingType.title}
              </h1>
              <p className="text-sm font-medium text-muted">
                {t("minutes", { count: meetingType.durationMinutes })}
              </p>
              <p className="text-lg text-muted">{meetingType.description}</p>
            </header>
            <div className="mt-10">
              <BookingForm
                type={meetingType.slug}
                locale={locale}
                texts={texts}
                confirmationPath={localizedPath("/booking-confirmation", locale)}
              />
            </div>
          </>
        ) : (
          <section className="max-w-2xl space-y-4">
            {/* The default type is where every "book a call" leads: it must not send the visitor back here. */}
            <h1 className="font-display text-3xl font-semibold">
              {isDefaultType ? t("notTakingBookings") : t("notOffered")}
            </h1>
            <p className="text-lg text-muted">
              {isDefaultType ? t("notTakingBookingsBody") : t("notOfferedBody")}
            </p>
            <div className="flex flex-wrap items-center gap-4">
              {isDefaultType ? null : (
                <IntentLink
                  href={localizedPath(`/book/${DEFAULT_MEETING_TYPE}`, locale)}
                  className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent"
                >
                  {t("bookDefault")}
                </IntentLink>
              )}
              <a
                href={`mailto:${site.contactEmail}`}
                className="inline-flex min-h-11 items-center font-medium break-all text-highlight underline-offset-4 hover:underline"
              >
                {t("writeTo", { email: site.contactEmail })}
              </a>
            </div>
          </section>
        )}
      </div>
    </StandaloneFrame>
  );
}
