import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { leadFormLink } from "@/lib/leads/intake-links";
import { IntakeLink } from "@/components/site/intake-link";
import { StaticImage } from "@/components/ui/static-image";

export async function Hero({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.hero" });
  const tCommon = await getTranslations({ locale, namespace: "Common" });
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-ink-950 text-mist-50"
    >
      {/* 1920×800 hero artwork, loaded with priority because it is the largest element above the fold. */}
      <StaticImage
        src="/images/hero.svg"
        alt={t("imageAlt")}
        width={1920}
        height={800}
        isPriority
        className="absolute inset-0 -z-10 size-full object-cover object-right"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-ink-950 via-ink-950/85 to-ink-950/10"
      />
      <div className="mx-auto max-w-6xl px-4 pt-20 pb-24 sm:px-6 sm:pt-28 sm:pb-32">
        <p className="text-sm font-semibold tracking-widest text-orange-400 uppercase">
          {t("eyebrow")}
        </p>
        <h1
          id="hero-title"
          className="mt-4 max-w-3xl font-display text-4xl font-semibold tracking-tight text-balance sm:text-6xl"
        >
          {t("title")}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-mist-200 sm:text-xl">{t("lead")}</p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-center">
          <IntakeLink
            target={leadFormLink(locale)}
            newTabText={tCommon("opensInNewTab")}
            className="inline-flex justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110"
          >
            {t("primaryCta")}
          </IntakeLink>
          <a
            href={`${localizedPath("/", locale)}#solutions`}
            className="inline-flex justify-center rounded-full border border-mist-400/60 px-6 py-3 font-semibold text-mist-50 transition hover:bg-white/10"
          >
            {t("secondaryCta")}
          </a>
        </div>
      </div>
    </section>
  );
}
