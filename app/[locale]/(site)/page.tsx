import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { routing } from "@/lib/i18n/routing";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { phoneHref, site } from "@/lib/site";

export async function generateMetadata({ params }: PageProps<"/[locale]">): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return buildPageMetadata({ locale, pathname: "/", title: t("title", { brand: site.name }), description: t("description") });
}

const HIGHLIGHTS = ["bilingual", "integration", "security"] as const;

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "Home" });

  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_100%_at_70%_0%,color-mix(in_oklab,var(--color-cyan-500)_22%,transparent),transparent),radial-gradient(50%_80%_at_10%_10%,color-mix(in_oklab,var(--color-orange-500)_18%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 pt-20 pb-16 sm:px-6 sm:pt-28 sm:pb-24">
          <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">{t("eyebrow")}</p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl font-semibold tracking-tight text-balance sm:text-6xl">{t("title")}</h1>
          <p className="mt-6 max-w-2xl text-lg text-muted sm:text-xl">{t("lead")}</p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-center">
            <a
              href={site.leadFormUrl[locale]}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex justify-center rounded-full bg-accent px-6 py-3 font-semibold text-on-accent transition hover:brightness-110"
            >
              {t("primaryCta")}
            </a>
            <a href={phoneHref()} className="inline-flex justify-center rounded-full border border-border px-6 py-3 font-semibold transition hover:bg-surface-strong">
              {t("secondaryCta", { receptionist: site.receptionistName })}
            </a>
          </div>
        </div>
      </section>
      <section aria-labelledby="highlights-title" className="border-t border-border bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="highlights-title" className="font-display text-2xl font-semibold tracking-tight">{t("highlights.title")}</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-3">
            {HIGHLIGHTS.map((key) => (
              <li key={key} className="rounded-2xl border border-border bg-background p-6">
                <h3 className="font-semibold">{t(`highlights.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-muted">{t(`highlights.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
