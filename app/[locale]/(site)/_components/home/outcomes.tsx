import { getTranslations } from "next-intl/server";
import { OUTCOMES } from "@/lib/content/home";
import type { Locale } from "@/lib/i18n/routing";

export async function Outcomes({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Home.outcomes" });
  return (
    <section aria-labelledby="outcomes-title" className="bg-ink-950 text-mist-50">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-widest text-orange-400 uppercase">
            {t("eyebrow")}
          </p>
          <h2
            id="outcomes-title"
            className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl"
          >
            {t("title")}
          </h2>
          <p className="mt-4 text-lg text-mist-300">{t("lead")}</p>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-5">
          {OUTCOMES.map((key) => (
            <div
              key={key}
              className="flex flex-col-reverse gap-2 border-l-2 border-orange-500 pl-4"
            >
              <dt className="text-sm text-mist-300">{t(`items.${key}.label`)}</dt>
              <dd className="font-display text-3xl font-semibold text-cyan-300 sm:text-4xl">
                {t(`items.${key}.value`)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
