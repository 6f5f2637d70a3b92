import { getTranslations } from "next-intl/server";
import { IntentLink } from "@/components/ui/intent-link";
import { SectionHeading } from "@/components/site/section-heading";
import { LazyImage } from "@/components/ui/lazy-image";
import { RECEPTIONIST_POINTS } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/seo/metadata";
import { phoneHref, site } from "@/lib/site";
import { CheckIcon } from "./icons";

export async function Receptionist({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.receptionist" });
  const tImage = await getTranslations({ locale, namespace: "LazyImage" });
  const tSolutions = await getTranslations({ locale, namespace: "Solutions.items" });
  const receptionist = site.receptionistName;
  return (
    <section id="ai-receptionist" aria-labelledby="receptionist-title">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="receptionist-title"
            eyebrow={t("eyebrow")}
            title={t("title", { receptionist })}
            lead={t("lead", { receptionist })}
          />
          <ul className="mt-8 space-y-3">
            {RECEPTIONIST_POINTS.map((key) => (
              <li key={key} className="flex gap-3">
                <CheckIcon />
                <span>{t(`points.${key}`)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <a
              href={phoneHref()}
              className="inline-flex justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110"
            >
              {t("tryCta")}
              {/* Spoken after the visible words, so the link's name still starts with what is shown. */}
              <span className="sr-only">
                {" "}
                {t("tryCtaDetail", { receptionist, phone: site.phone })}
              </span>
            </a>
            <IntentLink
              href={localizedPath("/solutions/voice-agents", locale)}
              className="inline-flex justify-center rounded-full border border-border px-6 py-3 font-semibold transition hover:bg-surface-strong"
            >
              {t("learnMore")}
              <span className="sr-only">: {tSolutions("voice-agents.title")}</span>
            </IntentLink>
          </div>
        </div>
        {/* 300 px high, 400 from `sm`: docs/product.md#business-constants. The single column on
            phones is minmax(0, 1fr): an auto column grew to the image's height × 4/3 (400 px). */}
        <div className="mx-auto w-full max-w-[32rem]">
          <div className="h-[300px] sm:h-[400px]">
            <LazyImage
              src="/images/receptionist.svg"
              alt={t("imageAlt")}
              width={800}
              height={600}
              failedText={tImage("failed")}
              className="h-full! w-full rounded-3xl"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
