import { getTranslations } from "next-intl/server";
import { SectionHeading } from "@/components/site/section-heading";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { site } from "@/lib/site";
import { bookCallLink } from "@/lib/leads/intake-links";
import { IntakeLink } from "@/components/site/intake-link";
import { FeaturedVideo } from "./featured-video";

export async function VideoSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.video" });
  const tCommon = await getTranslations({ locale, namespace: "Common" });
  const tImage = await getTranslations({ locale, namespace: "LazyImage" });
  return (
    <section id="video" aria-labelledby="video-title" className="bg-surface">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="video-title"
            eyebrow={t("eyebrow")}
            title={t("title")}
            lead={t("lead")}
          />
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <IntakeLink
              target={bookCallLink(locale)}
              newTabText={tCommon("opensInNewTab")}
              className="inline-flex justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110"
            >
              {t("bookCta")}
            </IntakeLink>
            <a
              href={`${localizedPath("/", locale)}#solutions`}
              className="inline-flex justify-center rounded-full border border-border px-6 py-3 font-semibold transition hover:bg-surface-strong"
            >
              {t("exploreCta")}
            </a>
          </div>
        </div>
        <FeaturedVideo
          playerUrl={site.featuredVideoUrl}
          title={t("playerTitle", { brand: site.name })}
          posterAlt={t("posterAlt")}
          posterFailedText={tImage("failed")}
        />
      </div>
    </section>
  );
}
