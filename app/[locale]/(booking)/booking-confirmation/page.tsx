import type { Metadata } from "next";
import type { ReactNode } from "react";
import { hasLocale } from "next-intl";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { StandaloneFrame } from "@/components/frame/standalone-frame";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { readBookingQuery, time24, type BookingQuery } from "@/lib/booking/booking-view";
import { findBookingByReference } from "@/lib/meetings/meeting-pages";
import { routing, type Locale } from "@/lib/i18n/routing";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { phoneHref, site } from "@/lib/site";

// Only the two locales (the layout's generateStaticParams): any other first segment is unmatched and
// answered by app/global-not-found.tsx (tests/unit/site/not-found-reach.test.ts).
export const dynamicParams = false;

const PATH = "/booking-confirmation";
/** Query parameters the page reads (docs/product.md#booking-confirmation); the language links carry them over. */
const QUERY_KEYS = ["name", "email", "date", "time", "service"] as const;
const MAX_CARRIED_LENGTH = 300;

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/booking-confirmation">): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "Booking" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  return buildPageMetadata({
    locale,
    pathname: PATH,
    title: t("metaTitle", { brand: site.name }),
    description: t("metaDescription", { brand: site.name }),
    image: defaultSocialImage(tMeta("socialImageAlt", { brand: site.name })),
    noIndex: true,
  });
}

/** The same confirmation in each language: the visitor's parameters plus the confirmation id actually shown, so it stays the same. */
function languageHrefs(query: BookingQuery, confirmationId: string): Record<Locale, string> {
  const carried = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = query[key];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined) carried.set(key, text.slice(0, MAX_CARRIED_LENGTH));
  }
  carried.set("id", confirmationId);
  return Object.fromEntries(
    routing.locales.map((l) => [l, `${localizedPath(PATH, l)}?${carried.toString()}`]),
  ) as Record<Locale, string>;
}

export default async function BookingConfirmationPage({
  params,
  searchParams,
}: PageProps<"/[locale]/booking-confirmation">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const t = await getTranslations({ locale, namespace: "Booking" });
  const format = await getFormatter({ locale });
  const booking = readBookingQuery(query);
  // A booking made here (?id=AV-…) shows what was stored; anything else shows the outside scheduler's parameters.
  const real = await findBookingByReference(typeof query.id === "string" ? query.id.trim() : "");

  const name = real?.name ?? booking.name ?? t("defaultName");
  const service = real?.typeTitle[locale] ?? booking.service ?? t("defaultService");
  const [year, month, day] = booking.date.split("-").map(Number) as [number, number, number];
  const dateText = real
    ? format.dateTime(new Date(real.start), { dateStyle: "full", timeZone: real.time_zone })
    : format.dateTime(new Date(Date.UTC(year, month - 1, day, 12)), {
        dateStyle: "full",
        timeZone: "UTC",
      });
  const clock = format.dateTime(
    new Date(Date.UTC(2000, 0, 1, booking.time.hour, booking.time.minute)),
    { hour: "numeric", minute: "2-digit", timeZone: "UTC" },
  );
  const timeText = real
    ? `${format.dateTime(new Date(real.start), { hour: "numeric", minute: "2-digit", timeZone: real.time_zone })} (${real.time_zone.replaceAll("_", " ")})`
    : booking.time.zone
      ? `${clock} (${booking.time.zone})`
      : clock;
  // A real booking's invitation came by e-mail, with the link to change it.
  const calendarHref =
    !real && booking.hasOwnSchedule
      ? `/api/booking/ics?${new URLSearchParams({
          date: booking.date,
          time: time24(booking.time),
          ...(booking.time.zone ? { zone: booking.time.zone } : {}),
          service,
          id: booking.confirmationId,
          lang: locale,
        }).toString()}`
      : null;
  const contactHref = `mailto:${site.contactEmail}?subject=${encodeURIComponent(t("mailSubject", { id: booking.confirmationId }))}`;
  const mailLink = (chunks: ReactNode) => (
    <a
      href={`mailto:${site.contactEmail}`}
      className="font-medium text-highlight underline underline-offset-4"
    >
      {chunks}
    </a>
  );

  const tMeeting = await getTranslations({ locale, namespace: "MeetingBook" });
  const details = [
    [t("name"), name],
    [t("email"), real?.email ?? booking.email],
    [t("date"), dateText],
    [t("time"), timeText],
    [t("service"), service],
    ...(real ? [[tMeeting("host"), real.host.name] as const] : []),
    ...(real?.status === "cancelled"
      ? [[tMeeting("status"), tMeeting("statusCancelled")] as const]
      : []),
    [t("confirmationId"), real?.id ?? booking.confirmationId],
  ] as const;
  const steps = (["email", "questionnaire", "call"] as const).map((key) => ({
    key,
    title: t(`steps.${key}.title`),
    body: t(`steps.${key}.body`),
  }));
  const buttonBase =
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition";

  return (
    <StandaloneFrame locale={locale} languageHrefs={languageHrefs(query, booking.confirmationId)}>
      <div className="mx-auto max-w-5xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16">
        <header className="flex min-w-0 flex-col items-start gap-4">
          <span
            className="flex size-14 items-center justify-center rounded-full bg-accent text-on-accent"
            aria-hidden="true"
          >
            <StrokeIcon className="size-7" strokeWidth={2.5}>
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </StrokeIcon>
          </span>
          <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">
            {t("eyebrow")}
          </p>
          <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            {t("title")}
          </h1>
          <p className="max-w-2xl text-lg wrap-anywhere text-muted">
            {t("lead", { name, email: real?.email ?? booking.email })}
          </p>
        </header>

        <div className="mt-12 grid gap-8 lg:grid-cols-[1.1fr_1fr]">
          <section
            aria-labelledby="booking-details"
            className="rounded-2xl border border-border bg-surface p-6 sm:p-8"
          >
            <h2 id="booking-details" className="font-display text-xl font-semibold">
              {t("detailsTitle")}
            </h2>
            <dl className="mt-5 divide-y divide-border">
              {details.map(([term, value]) => (
                <div key={term} className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
                  <dt className="text-sm text-muted">{term}</dt>
                  <dd className="font-medium wrap-anywhere">{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="whats-next">
            <h2 id="whats-next" className="font-display text-xl font-semibold">
              {t("nextTitle")}
            </h2>
            <ol className="mt-5 space-y-5">
              {steps.map((step, index) => (
                <li key={step.key} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full border-2 border-accent font-semibold text-accent-text"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="mt-1 text-sm text-muted">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>

        <section
          aria-labelledby="important-info"
          className="mt-10 rounded-2xl border border-border p-6 sm:p-8"
        >
          <h2 id="important-info" className="font-display text-xl font-semibold">
            {t("infoTitle")}
          </h2>
          <ul className="mt-4 space-y-3">
            <InfoItem>{t("info.link")}</InfoItem>
            <InfoItem>
              {t.rich("info.reschedule", { email: site.contactEmail, mail: mailLink })}
            </InfoItem>
            <InfoItem>{t("info.tip")}</InfoItem>
          </ul>
        </section>

        <section aria-labelledby="booking-contact" className="mt-10">
          <h2 id="booking-contact" className="font-display text-xl font-semibold">
            {t("contactTitle")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            <ContactCard
              label={t("phoneCard")}
              href={phoneHref()}
              value={site.phone}
              icon="phone"
            />
            <ContactCard
              label={t("emailCard")}
              href={`mailto:${site.contactEmail}`}
              value={site.contactEmail}
              icon="mail"
            />
          </ul>
        </section>

        <nav
          aria-label={t("actions")}
          className="mt-12 flex flex-col gap-3 sm:flex-row sm:flex-wrap"
        >
          {calendarHref && (
            <a
              href={calendarHref}
              download={`${booking.confirmationId}.ics`}
              className={`${buttonBase} bg-accent text-on-accent hover:brightness-110`}
            >
              <StrokeIcon className="size-5">
                <rect x="3" y="5" width="18" height="16" rx="2" />
                <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
              </StrokeIcon>
              {t("addToCalendar")}
            </a>
          )}
          <a
            href={contactHref}
            className={`${buttonBase} border border-border hover:bg-surface-strong`}
          >
            {t("contactUs")}
          </a>
          <IntentLink
            href={`${localizedPath("/", locale)}#solutions`}
            className={`${buttonBase} border border-border hover:bg-surface-strong`}
          >
            {t("solutions")}
          </IntentLink>
          <IntentLink
            href={localizedPath("/", locale)}
            className={`${buttonBase} text-highlight underline-offset-4 hover:underline`}
          >
            {t("backHome")}
          </IntentLink>
        </nav>
      </div>
    </StandaloneFrame>
  );
}

function InfoItem({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <StrokeIcon className="mt-0.5 size-5 shrink-0 text-highlight">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 11v5M12 8h.01" />
      </StrokeIcon>
      <span>{children}</span>
    </li>
  );
}

function ContactCard({
  label,
  href,
  value,
  icon,
}: {
  label: string;
  href: string;
  value: string;
  icon: "phone" | "mail";
}) {
  return (
    <li>
      <a
        href={href}
        className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-5 transition hover:border-highlight"
      >
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-surface-strong text-highlight"
        >
          {icon === "phone" ? (
            <StrokeIcon className="size-5">
              <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
            </StrokeIcon>
          ) : (
            <StrokeIcon className="size-5">
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3 7 9 6 9-6" />
            </StrokeIcon>
          )}
        </span>
        <span className="min-w-0">
          <span className="block text-sm text-muted">{label}</span>
          <span className="block font-semibold break-all">{value}</span>
        </span>
      </a>
    </li>
  );
}
