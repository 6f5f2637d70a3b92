import { getTranslations } from "next-intl/server";
import { SectionHeading } from "@/components/site/section-heading";
import { DIFFERENTIATORS } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";
import { DifferentiatorsCarousel } from "./differentiators-carousel";

export async function Differentiators({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.different" });
  const tImage = await getTranslations({ locale, namespace: "LazyImage" });
  const slides = DIFFERENTIATORS.map((key) => ({
    key,
    title: t(`items.${key}.title`),
    body: t(`items.${key}.body`),
    image: `/images/differentiators/${key}.svg`,
  }));
  return (
    <section id="different" aria-labelledby="different-title">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="different-title"
          eyebrow={t("eyebrow")}
          title={t("title")}
          lead={t("lead")}
        />
        <div className="mt-12">
          <DifferentiatorsCarousel
            slides={slides}
            labels={{
              region: t("regionLabel"),
              slide: t.raw("slideLabel") as string,
              goTo: t.raw("goTo") as string,
              pause: t("pause"),
              play: t("play"),
              imageFailed: tImage("failed"),
            }}
          />
        </div>
      </div>
    </section>
  );
}
