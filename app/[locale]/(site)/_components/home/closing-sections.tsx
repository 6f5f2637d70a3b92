import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { careersPath, listedJobs } from "@/lib/careers/careers.service";
import { SectionHeading } from "@/components/site/section-heading";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { site } from "@/lib/site";
import { leadFormLink, questionnairePath } from "@/lib/leads/intake-links";
import { IntakeLink } from "@/components/site/intake-link";
import type { ContactFormText } from "@/components/leads/contact-form";
import { ContactFormWhenVisible } from "@/components/leads/contact-form-when-visible";

/** How many open roles the teaser names; the careers page lists them all. */
const TEASER_ROLES = 3;

/** Careers on the home page: the open roles written in this language (job records), newest first. */
export async function CareersTeaser({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.careers" });
  const roles = await listedJobs(locale);
  return (
    <section id="careers" aria-labelledby="careers-title">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-20 sm:px-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <SectionHeading
            id="careers-title"
            eyebrow={t("eyebrow")}
            title={t("title")}
            lead={t("lead")}
          />
          {roles.length > 0 && (
            <ul aria-label={t("rolesLabel")} className="mt-6 space-y-2">
              {roles.slice(0, TEASER_ROLES).map((job) => {
                const text = job.texts[locale]!;
                return (
                  <li key={job.id}>
                    <IntentLink
                      href={localizedPath(careersPath(job.id), locale)}
                      prefetch={false}
                      className="font-semibold underline-offset-4 hover:underline"
                    >
                      {text.title}
                    </IntentLink>
                    <span className="text-muted"> · {text.team}</span>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <IntentLink
          href={localizedPath("/careers", locale)}
          prefetch={false}
          className="inline-flex shrink-0 justify-center rounded-full border border-border px-6 py-3 font-semibold transition hover:bg-surface-strong"
        >
          {roles.length > 0
            ? t("ctaCount", { count: roles.length })
            : t("ctaNone", { brand: site.name })}
        </IntentLink>
      </div>
    </section>
  );
}

/** The short contact form (lead capture): posts to /api/leads; its code loads when the section nears the viewport. */
export async function LeadFormSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.leadForm" });
  const tForm = await getTranslations({ locale, namespace: "ContactForm" });
  const tCommon = await getTranslations({ locale, namespace: "Common" });
  const text: ContactFormText = {
    name: tForm("name"),
    email: tForm("email"),
    company: tForm("company"),
    message: tForm("message"),
    submit: tForm("submit"),
    sending: tForm("sending"),
    honeypot: tForm("honeypot"),
    thanksTitle: tForm("thanksTitle"),
    thanksBody: tForm("thanksBody"),
    savedTitle: tForm("savedTitle"),
    savedBody: tForm("savedBody"),
    deliveredToast: tForm("deliveredToast"),
    dismissToast: tCommon("dismissToast"),
    errors: {
      name: tForm("errors.name"),
      email: tForm("errors.email"),
      message: tForm("errors.message"),
      rejected: tForm("errors.rejected"),
    },
  };
  return (
    <section id="lead_form" aria-labelledby="lead-form-title" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="grid gap-10 rounded-3xl border border-border bg-background p-8 sm:p-12 lg:grid-cols-[2fr_3fr]">
          <div className="space-y-6">
            <SectionHeading
              id="lead-form-title"
              eyebrow={t("eyebrow")}
              title={t("title")}
              lead={t("lead")}
            />
            <p className="text-sm text-muted">
              {tForm.rich("alternative", {
                link: (chunks) => (
                  <a
                    href={questionnairePath(locale)}
                    className="font-semibold text-highlight underline underline-offset-4"
                  >
                    {chunks}
                  </a>
                ),
              })}
            </p>
          </div>
          <ContactFormWhenVisible lang={locale} text={text} />
        </div>
      </div>
    </section>
  );
}

export async function ContactCta({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.contact" });
  const tCommon = await getTranslations({ locale, namespace: "Common" });
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-ink-950 text-mist-50">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-24 text-center sm:px-6">
        <h2
          id="contact-title"
          className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-5xl"
        >
          {t("title")}
        </h2>
        <p className="mt-5 max-w-2xl text-lg text-mist-300">{t("lead")}</p>
        <IntakeLink
          target={leadFormLink(locale)}
          newTabText={tCommon("opensInNewTab")}
          className="mt-10 inline-flex justify-center rounded-full bg-accent px-8 py-4 text-lg font-semibold text-on-accent transition hover:brightness-110"
        >
          {t("cta")}
        </IntakeLink>
        <a
          href={`mailto:${site.contactEmail}`}
          className="mt-6 py-1 text-sm text-mist-300 underline underline-offset-4 hover:text-mist-50"
        >
          {t("orWrite", { email: site.contactEmail })}
        </a>
      </div>
    </section>
  );
}
